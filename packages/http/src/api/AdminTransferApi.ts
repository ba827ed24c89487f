/**
 * Contract of the operator's import and export (docs/import-export.md): upload a file to start an import, follow
 * its progress, and stream an account's library out as our JSON or Netscape HTML. Bodies here are files, not JSON.
 */
import { Import, ImportFormat, LibraryExport } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { AdminAuthentication } from "./AdminAuthentication.js"
import { adminBase, IdPath } from "./Paths.js"

export const ImportParams = Schema.Struct({
  format: Schema.optional(ImportFormat.ImportFormat.annotate({
    description: `The file's format (${ImportFormat.all.join(", ")}); detected from the content when absent`
  })),
  events: Schema.optional(
    Schema.Literals(["true", "false"]).annotate({
      description: "`true`: each imported bookmark emits `bookmark.saved` when enriched; default `false` (quiet)"
    })
  ),
  duplicates: Schema.optional(Import.Duplicates.annotate({
    description: "A row whose URL is already in the library or on an earlier row: `skip` it or `keep` it as a " +
      "bookmark of its own; default `keep` for our own JSON export (a restore is exact), `skip` for other formats"
  })),
  folders: Schema.optional(Import.Folders.annotate({
    description: "A bookmark file's folders (Netscape HTML): `tags` (default) gives each bookmark one tag, its " +
      "folder path; `lists` makes each folder a list, nested like the folders, holding its bookmarks"
  }))
})

export const ExportParams = Schema.Struct({
  format: Schema.optional(LibraryExport.Format.annotate({
    description: "`json` (default): everything, for a later import; `html`: Netscape bookmark HTML for browsers; " +
      "`zip`: the JSON as `bookmarks.json` with every archived copy beside it under `copies/`; " +
      "`markdown`: the highlights with their notes, bookmark by bookmark"
  }))
})

export const exportContentTypes: Record<LibraryExport.Format, string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  zip: "application/zip",
  markdown: "text/markdown; charset=utf-8"
}

export class AdminTransferApi extends HttpApiGroup.make("transfer")
  .add(
    HttpApiEndpoint.post("startImport", "/accounts/:id/imports", {
      params: IdPath,
      query: ImportParams,
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/octet-stream" })),
      success: Import.Progress.pipe(HttpApiSchema.status(201)),
      error: [ErrorResponses.InvalidInput, ErrorResponses.NotFound, ErrorResponses.PayloadTooLarge]
    }).annotateMerge(OpenApi.annotations({
      summary: "Start an import from an uploaded file",
      description: `The body is the file itself, at most ${ImportFormat.maxFileBytes / 1024 / 1024} MiB. Its format ` +
        `(${ImportFormat.all.join(", ")}) is detected from its content unless \`format\` names it. ` +
        "`events=true` makes each imported bookmark emit `bookmark.saved` when enriched (default: quiet). " +
        "`duplicates=skip|keep` chooses what happens to an address already in the library (default: keep for " +
        "our own JSON export, skip for other formats). " +
        "`folders=tags|lists` chooses what a bookmark file's folders become (default: tags). " +
        "The import runs in the background: follow it with `GET /admin/imports/:id`."
    })),
    HttpApiEndpoint.get("getImport", "/imports/:id", {
      params: IdPath,
      success: Import.Progress,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "An import's progress: counts, failures with their positions" })),
    HttpApiEndpoint.get("exportLibrary", "/accounts/:id/export", {
      params: IdPath,
      query: ExportParams,
      success: Schema.String.annotate({
        description: "The library: our JSON, or Netscape bookmark HTML with `format=html`"
      }).pipe(
        HttpApiSchema.asText({ contentType: exportContentTypes.json })
      ),
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "The account's whole library, streamed",
      description: "`format=json` (default): every field of every bookmark, the saved tags and note, the derived " +
        "values and the app edits, which an import restores exactly. `format=html`: Netscape bookmark HTML for " +
        "browsers (tags in TAGS, the note in DD)."
    }))
  )
  .middleware(AdminAuthentication)
  .prefix(adminBase)
  .annotateMerge(OpenApi.annotations({ title: "Admin: import and export" }))
{}
