/**
 * Handlers of import and export: the upload is read with a size cap before anything else; the export is a
 * response streamed page by page, so its memory does not grow with the library.
 */
import { Actor, exportBytes, ImportFormat, importProgress, startImport } from "@bookmark-library/domain"
import { ByteSize, Effect, Option } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { exportContentTypes } from "../api/AdminTransferApi.js"
import { Api } from "../api/Api.js"
import { PayloadTooLarge } from "../problems/HttpErrors.js"

const limit = ImportFormat.maxFileBytes
const readLimit = ByteSize.bytes(limit)

/** The uploaded file: refused by its Content-Length when that is over the cap, else while reading. */
const upload = Effect.fn("Imports.upload")(function*(request: HttpServerRequest.HttpServerRequest) {
  const length = Number(request.headers["content-length"] ?? "0")
  if (length > limit) return yield* new PayloadTooLarge({ limit })
  const body = yield* request.arrayBuffer.pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, readLimit),
    Effect.catch(() => Effect.fail(new PayloadTooLarge({ limit })))
  )
  return new Uint8Array(body)
})

export const layer = HttpApiBuilder.group(Api, "transfer", (handlers) =>
  handlers
    .handleRaw("startImport", ({ params, query, request }) =>
      Effect.flatMap(upload(request), (file) =>
        startImport(params.id, file, {
          format: Option.fromNullishOr(query.format),
          events: query.events === "true",
          duplicates: query.duplicates,
          folders: query.folders
        })))
    .handle("getImport", ({ params }) =>
      Actor.asOperator(importProgress)(params.id))
    .handle("exportLibrary", ({ params, query }) =>
      Effect.map(exportBytes(params.id, query.format ?? "json"), (bytes) => {
        const format = query.format ?? "json"
        const name = format === "markdown" ? `highlights-${params.id}.md` : `bookmarks-${params.id}.${format}`
        return HttpServerResponse.stream(
          bytes,
          {
            contentType: exportContentTypes[format],
            headers: { "content-disposition": `attachment; filename="${name}"` }
          }
        )
      })))
