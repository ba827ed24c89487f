/**
 * The signed-in account's library as a download: our JSON, Netscape HTML, or the zip of our JSON with the archived
 * copies, streamed page by page by the domain's export (memory stays flat whatever the library's size), named
 * after the day it was made.
 */
import { exportBytes, LibraryExport } from "@bookmark-library/domain"
import { Clock, Effect, Option, Schema } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Responses from "../Responses.js"
import * as Security from "../Security.js"
import type { Authed } from "../WebRequest.js"

const contentTypes: Record<LibraryExport.Format, string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  zip: "application/zip",
  markdown: "text/markdown; charset=utf-8"
}

/** `bookmarks-2026-11-24.json`: nothing from the request goes into the header. */
export const fileName = (format: LibraryExport.Format, now: number) =>
  format === "markdown"
    ? `highlights-${new Date(now).toISOString().slice(0, 10)}.md`
    : `bookmarks-${new Date(now).toISOString().slice(0, 10)}.${format}`

export const download = (req: Authed) =>
  Effect.gen(function*() {
    const format = Schema.decodeUnknownOption(LibraryExport.Format)(req.url.searchParams.get("format") ?? "json")
    if (Option.isNone(format)) return Responses.notFound(req)
    const bytes = yield* exportBytes(req.me.account.id, format.value)
    const now = yield* Clock.currentTimeMillis
    return HttpServerResponse.stream(bytes, {
      contentType: contentTypes[format.value],
      headers: {
        ...Security.headers([]),
        "content-disposition": `attachment; filename="${fileName(format.value, now)}"`,
        "cache-control": "private, no-store"
      }
    })
  })
