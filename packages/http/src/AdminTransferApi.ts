/**
 * Contract of the operator's import and export (docs/import-export.md): upload a file to start an import, follow
 * its progress, and stream an account's library out as our JSON or Netscape HTML. Bodies here are files, not JSON.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Import, ImportFormat, LibraryExport } from "@bookmark-library/domain"
import { Schema } from "effect"
import { AdminAuthentication } from "./AdminAuthentication.js"
import { adminBase, IdPath } from "./Paths.js"
import * as Problems from "./Problems.js"

export const ImportParams = Schema.Struct({
  format: Schema.optional(ImportFormat.ImportFormat.annotations({
    description: `The file's format (${ImportFormat.all.join(", ")}); detected from the content when absent`
  })),
  events: Schema.optional(Schema.Literal("true", "false").annotations({
    description: "`true`: each imported bookmark emits `bookmark.saved` when enriched; default `false` (quiet)"
  }))
})

export const ExportParams = Schema.Struct({
  format: Schema.optional(LibraryExport.Format.annotations({
    description: "`json` (default): everything, for a later import; `html`: Netscape bookmark HTML for browsers"
  }))
})

export const exportContentTypes: Record<LibraryExport.Format, string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8"
}

export class AdminTransferApi extends HttpApiGroup.make("transfer")
  .add(
    HttpApiEndpoint.post("startImport", "/accounts/:id/imports")
      .setPath(IdPath)
      .setUrlParams(ImportParams)
      .setPayload(HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }))
      .addSuccess(Import.Progress, { status: 201 })
      .addError(Problems.InvalidInput)
      .addError(Problems.NotFound)
      .addError(Problems.PayloadTooLarge)
      .annotateContext(OpenApi.annotations({
        summary: "Start an import from an uploaded file",
        description: `The body is the file itself, at most ${ImportFormat.maxFileBytes / 1024 / 1024} MiB. Its format ` +
          `(${ImportFormat.all.join(", ")}) is detected from its content unless \`format\` names it. ` +
          "`events=true` makes each imported bookmark emit `bookmark.saved` when enriched (default: quiet). " +
          "The import runs in the background: follow it with `GET /admin/imports/:id`."
      }))
  )
  .add(
    HttpApiEndpoint.get("getImport", "/imports/:id")
      .setPath(IdPath)
      .addSuccess(Import.Progress)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "An import's progress: counts, failures with their positions" }))
  )
  .add(
    HttpApiEndpoint.get("exportLibrary", "/accounts/:id/export")
      .setPath(IdPath)
      .setUrlParams(ExportParams)
      .addSuccess(HttpApiSchema.Text({ contentType: exportContentTypes.json }))
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "The account's whole library, streamed",
        description: "`format=json` (default): every field of every bookmark, the saved tags and note, the derived " +
          "values and the app edits, which an import restores exactly. `format=html`: Netscape bookmark HTML for " +
          "browsers (tags in TAGS, the note in DD)."
      }))
  )
  .middleware(AdminAuthentication)
  .prefix(adminBase)
  .annotateContext(OpenApi.annotations({ title: "Admin: import and export" }))
{}
