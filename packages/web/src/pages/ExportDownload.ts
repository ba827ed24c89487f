/**
 * The signed-in account's library as a download: our JSON or Netscape HTML, streamed page by page by the domain's
 * export (memory stays flat whatever the library's size), named after the day it was made.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { exportLibrary, LibraryExport } from "@bookmark-library/domain"
import { Clock, Effect, Option, Schema, Stream } from "effect"
import * as Responses from "../Responses.js"
import * as Security from "../Security.js"
import type { Authed } from "../WebRequest.js"

const contentTypes: Record<LibraryExport.Format, string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8"
}

const encoder = new TextEncoder()

/** `bookmarks-2026-11-24.json`: nothing from the request goes into the header. */
export const fileName = (format: LibraryExport.Format, now: number) =>
  `bookmarks-${new Date(now).toISOString().slice(0, 10)}.${format}`

export const download = (req: Authed) =>
  Effect.gen(function*() {
    const format = Schema.decodeUnknownOption(LibraryExport.Format)(req.url.searchParams.get("format") ?? "json")
    if (Option.isNone(format)) return Responses.notFound(req)
    const pieces = yield* exportLibrary(req.me.account.id, format.value)
    const now = yield* Clock.currentTimeMillis
    return HttpServerResponse.stream(Stream.map(pieces, (piece) => encoder.encode(piece)), {
      contentType: contentTypes[format.value],
      headers: {
        ...Security.headers([]),
        "content-disposition": `attachment; filename="${fileName(format.value, now)}"`,
        "cache-control": "private, no-store"
      }
    })
  })
