/**
 * Multipart forms with one file (the Import page): the file is read into memory up to the import limit, the other
 * fields are held to the same rules as any form (bounded, the domain's text rule) so the CSRF token can be checked.
 */
import { ImportFormat, Text } from "@bookmark-library/domain"
import { Effect, Option, Stream } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as Multipart from "effect/http/Multipart"
import { BadForm } from "./Forms.js"

/**
 * The largest file an upload form takes: the import's own limit (docs/import-export.md, "The Import & export page (web
 * app)").
 */
export const maxFileBytes = ImportFormat.maxFileBytes

/** The whole body: the file plus room for the other fields and the multipart framing. */
export const maxBodyBytes = maxFileBytes + 64 * 1024

export interface UploadedFile {
  readonly name: string
  readonly bytes: Uint8Array
}

export interface UploadForm {
  readonly form: Readonly<Record<string, string>>
  /** The first file field with content (a file input left empty sends a part with no name and no bytes). */
  readonly file: Option.Option<UploadedFile>
}

export const isMultipart = (request: HttpServerRequest.HttpServerRequest) =>
  /^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "")

const concat = (chunks: ReadonlyArray<Uint8Array>) => {
  const size = chunks.reduce((n, c) => n + c.length, 0)
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.length
  }
  return bytes
}

/**
 * A limit reached while parsing is "too large"; on Node a file's own stream reports it as an internal error whose
 * cause is the parser's `ReachedLimit`. Anything else is a body that could not be read.
 */
const refusal = (e: Multipart.MultipartError): BadForm => {
  const cause: unknown = e.reason.cause
  const limit = e.reason._tag === "FileTooLarge" || e.reason._tag === "BodyTooLarge" ||
    (typeof cause === "object" && cause !== null && "_tag" in cause && cause._tag === "ReachedLimit")
  return new BadForm({ reason: limit ? "tooLarge" : "unreadable" })
}

export const read = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const length = Number(request.headers["content-length"] ?? "0")
  if (length > maxBodyBytes) return yield* new BadForm({ reason: "tooLarge" })
  // The platform's parser waits forever on an empty body and throws on a type without a boundary: both refused here.
  if (request.headers["content-length"] === "0") return yield* new BadForm({ reason: "unreadable" })
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(request.headers["content-type"] ?? "")) {
    return yield* new BadForm({ reason: "unreadable" })
  }
  const form: Record<string, string> = {}
  let file: Option.Option<UploadedFile> = Option.none()
  yield* request.multipartStream.pipe(
    Stream.provideContext(Multipart.limitsServices({
      maxParts: 16,
      maxFieldSize: 16 * 1024,
      maxFileSize: maxFileBytes,
      maxTotalSize: maxBodyBytes
    })),
    Stream.mapError(refusal),
    Stream.runForEach((part) =>
      Effect.gen(function*() {
        if (Multipart.isField(part)) {
          if (Text.problem(part.key) !== undefined || Text.problem(part.value) !== undefined) {
            return yield* new BadForm({ reason: "text", field: part.key })
          }
          if (!(part.key in form)) form[part.key] = part.value
          return
        }
        if (!Multipart.isFile(part)) return
        const chunks = yield* Stream.runCollect(part.content).pipe(Effect.mapError(refusal))
        const bytes = concat([...chunks])
        if (bytes.length > maxFileBytes) return yield* new BadForm({ reason: "tooLarge" })
        if (Option.isNone(file) && (bytes.length > 0 || part.name !== "")) {
          file = Option.some({ name: part.name, bytes })
        }
      })
    )
  ).pipe(
    // Whatever else the parser cannot cope with is a body that could not be read, not a failure of the server.
    Effect.catchDefect(() => new BadForm({ reason: "unreadable" }))
  )
  return { form, file } satisfies UploadForm
})
