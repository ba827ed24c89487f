/**
 * Import and export (docs/web.md, docs/import-export.md): upload a file (format detected by content unless chosen),
 * quiet or announced; the account's imports; export buttons that download the library as a stream.
 */
import { type Errors, Import, ImportFormat, listImports, startImport } from "@bookmark-library/domain"
import { Effect, Option, Schema } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { UploadRefusal } from "../Router.js"
import * as Upload from "../Upload.js"
import type { Authed } from "../WebRequest.js"
import { importPath, stateLabel } from "./ImportProgress.js"

const mib = Upload.maxFileBytes / 1024 / 1024

interface FormValues {
  readonly format?: string
  readonly events?: boolean
  readonly duplicates?: string
  readonly folders?: string
  readonly error?: string
}

const uploadForm = (req: Authed, values: FormValues) =>
  html`<section class="panel" aria-labelledby="import-heading">
<h2 id="import-heading">Import</h2>
<p class="muted small">A bookmarks file exported from Chrome, Firefox, Safari or Edge, Pocket (the CSV or the zip), Karakeep, Linkwarden, Linkding or Raindrop, or this library's own JSON export or zip export (the zip restores the page copies too). At most ${mib} MiB.</p>
${Layout.notice(values.error, "error")}
<form class="stack" method="post" action="/imports" enctype="multipart/form-data" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="import-file">File</label><input id="import-file" name="file" type="file" required></div>
<div><label for="import-format">Format <span class="hint">read from the file's content unless you choose one</span></label>
<select id="import-format" name="format">
<option value="">Detect from the content</option>
${
    ImportFormat.all.map((f) =>
      html`<option value="${f}"${values.format === f ? html` selected` : ""}>${ImportFormat.describe[f]}</option>`
    )
  }
</select></div>
<div><label for="import-duplicates">Addresses already in your library <span class="hint">kept when restoring this library's own export, skipped otherwise, unless you choose</span></label>
<select id="import-duplicates" name="duplicates">
${
    duplicateChoices.map(([value, label]) =>
      html`<option value="${value}"${(values.duplicates ?? "") === value ? html` selected` : ""}>${label}</option>`
    )
  }
</select></div>
<div><label for="import-folders">Folders of a browser bookmarks file <span class="hint">one tag per bookmark naming its folder path, or a list per folder; only HTML bookmark files have folders</span></label>
<select id="import-folders" name="folders">
${
    folderChoices.map(([value, label]) =>
      html`<option value="${value}"${(values.folders ?? "tags") === value ? html` selected` : ""}>${label}</option>`
    )
  }
</select></div>
<div><label class="check"><input type="checkbox" name="events" value="true"${
    values.events === true ? html` checked` : ""
  }> Announce each imported bookmark to my webhooks</label>
<p class="hint">Sends <code>bookmark.saved</code> for every imported bookmark once it is processed. Off by default: webhooks usually expect the pages you save one by one, not a whole library at once.</p></div>
<div><button type="submit">Import</button></div>
</form>
</section>`

/** What a bookmark file's folders become (docs/import-export.md, "Folders become lists"). */
const folderChoices: ReadonlyArray<readonly [Import.Folders, string]> = [
  ["tags", "As tags (dev/databases)"],
  ["lists", "As lists, nested like the folders"]
]

/** The import's duplicate choice (docs/import-export.md, "Duplicates"); empty: as the format suggests. */
const duplicateChoices: ReadonlyArray<readonly [string, string]> = [
  ["", "As the file suggests"],
  ["skip", "Skip them"],
  ["keep", "Keep them as bookmarks of their own"]
]

const importRow = (zone: string) => (p: Import.Progress) =>
  html`<tr>
<td data-label="Started"><a href="${importPath(p.id)}">${Format.date(p.createdAt, zone)}</a></td>
<td data-label="Format">${p.format}</td>
<td data-label="State">${stateLabel(p)}</td>
<td data-label="Saved">${p.saved.toLocaleString("en-US")}</td>
<td data-label="Duplicates">${p.duplicates.toLocaleString("en-US")}</td>
<td data-label="Failed">${p.failed.toLocaleString("en-US")}</td>
</tr>`

const exportSection = html`<section class="panel" aria-labelledby="export-heading">
<h2 id="export-heading">Export</h2>
<p class="muted small">Your whole library as a file. The JSON export keeps everything (tags, notes, summaries, your edits) and can be imported again here or on another server; the HTML file opens in any browser's bookmark manager (without text notes).</p>
<div class="actions" hx-boost="false">
<a class="button" href="/export?format=json" download>Export JSON</a>
<a class="button quiet" href="/export?format=zip" download>Export JSON with page copies (zip)</a>
<a class="button quiet" href="/export?format=html" download>Export HTML (browsers)</a>
<a class="button quiet" href="/export?format=markdown" download>Export highlights (Markdown)</a>
</div>
<p class="muted small">The zip holds the JSON export and every archived copy of your pages, as files the JSON names.</p>
</section>`

const render = (req: Authed, values: FormValues, status = 200) =>
  Effect.gen(function*() {
    const imports = yield* listImports(req.me.account.id)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Import & export", section: "import" },
        html`
<h1>Import &amp; export</h1>
${uploadForm(req, values)}
<h2 id="imports-heading">Your imports</h2>
${
          imports.length === 0
            ? html`<p class="muted">No imports yet.</p>`
            : html`<div class="table-wrap"><table class="imports stack" aria-labelledby="imports-heading">
<thead><tr><th scope="col">Started</th><th scope="col">Format</th><th scope="col">State</th><th scope="col">Saved</th><th scope="col">Duplicates</th><th scope="col">Failed</th></tr></thead>
<tbody>${imports.map(importRow(req.zone))}</tbody>
</table></div>`
        }
${exportSection}`
      ),
      { status }
    )
  })

export const show = (req: Authed) => render(req, {})

const labels = { file: "File", format: "Format" }

const refusals: Record<UploadRefusal, readonly [number, string]> = {
  tooLarge: [
    413,
    `File: the file is larger than ${mib} MiB, the most an import takes. Split it, or ask the server's operator to import it.`
  ],
  unreadable: [400, "File: the upload could not be read. Choose the file again and retry."],
  text: [400, "The form contained characters that are not text (such as the NUL character)."]
}

/** A body the server did not read (too large, broken, not text): the page with the form and why. */
export const refused = (req: Authed, refusal: UploadRefusal) => {
  const [status, error] = refusals[refusal]
  return render(req, { error }, status)
}

const formatOf = Schema.decodeUnknownOption(ImportFormat.ImportFormat)
const duplicatesOf = Schema.decodeUnknownOption(Import.Duplicates)
const foldersOf = Schema.decodeUnknownOption(Import.Folders)

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const chosen = Forms.field(req.form, "format")
    const sameAddress = Forms.field(req.form, "duplicates")
    const values: FormValues = {
      format: chosen,
      events: Forms.field(req.form, "events") === "true",
      duplicates: sameAddress,
      folders: Forms.field(req.form, "folders")
    }
    const format = formatOf(chosen)
    if (chosen !== "" && Option.isNone(format)) {
      return yield* render(req, { ...values, error: "Format: choose one of the list." }, 400)
    }
    const duplicates = duplicatesOf(sameAddress)
    if (sameAddress !== "" && Option.isNone(duplicates)) {
      return yield* render(req, { ...values, error: "Addresses already in your library: choose one of the list." }, 400)
    }
    // An older form (or none) sends no choice: tags, as before.
    const folders = values.folders === "" ? Option.some(Import.defaultFolders) : foldersOf(values.folders)
    if (Option.isNone(folders)) {
      return yield* render(
        req,
        { ...values, error: "Folders of a browser bookmarks file: choose one of the list." },
        400
      )
    }
    if (Option.isNone(req.file)) {
      return yield* render(req, { ...values, error: "File: choose a file to import." }, 400)
    }
    const started = yield* Outcome.orInvalid(
      startImport(req.me.account.id, req.file.value.bytes, {
        format,
        events: values.events === true,
        duplicates: Option.getOrUndefined(duplicates),
        folders: folders.value
      })
    )
    if (started._tag === "Failure") return yield* render(req, { ...values, error: problem(started.failure) }, 400)
    return Responses.redirect(importPath(started.success.id))
  })

/** The reader's reasons speak of the admin API's `format` parameter; on this page it is the Format list. */
const problem = (e: Errors.InvalidInput) =>
  Outcome.message(e, labels).replace(/; name one with format\.$/, "; if you know it, choose it under Format.")
