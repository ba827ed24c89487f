/**
 * Handlers of import and export: the upload is read with a size cap before anything else; the export is a
 * response streamed page by page, so its memory does not grow with the library.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { exportLibrary, importProgress, ImportFormat, startImport } from "@bookmark-library/domain"
import { Effect, Option, Stream } from "effect"
import { exportContentTypes } from "../AdminTransferApi.js"
import { Api } from "../Api.js"
import { PayloadTooLarge } from "../HttpErrors.js"

const limit = ImportFormat.maxFileBytes

/** The uploaded file: refused by its Content-Length when that is over the cap, else while reading. */
const upload = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const length = Number(request.headers["content-length"] ?? "0")
  if (length > limit) return yield* new PayloadTooLarge({ limit })
  const body = yield* request.arrayBuffer.pipe(
    HttpIncomingMessage.withMaxBodySize(Option.some(limit)),
    Effect.catchAll(() => new PayloadTooLarge({ limit }))
  )
  return new Uint8Array(body)
})

const encoder = new TextEncoder()

export const layer = HttpApiBuilder.group(Api, "transfer", (handlers) =>
  handlers
    .handleRaw("startImport", ({ path, urlParams }) =>
      Effect.flatMap(upload, (file) =>
        startImport(path.id, file, { format: Option.fromNullable(urlParams.format), events: urlParams.events === "true" })))
    .handle("getImport", ({ path }) => importProgress(path.id))
    .handle("exportLibrary", ({ path, urlParams }) =>
      Effect.map(exportLibrary(path.id, urlParams.format ?? "json"), (pieces) => {
        const format = urlParams.format ?? "json"
        const name = `bookmarks-${path.id}.${format}`
        return HttpServerResponse.stream(Stream.map(pieces, (piece) => encoder.encode(piece)), {
          contentType: exportContentTypes[format],
          headers: { "content-disposition": `attachment; filename="${name}"` }
        })
      })))
