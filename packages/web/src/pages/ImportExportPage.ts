/**
 * Import and export (docs/web.md, docs/import-export.md): upload a file (format detected by content unless chosen),
 * quiet or announced; the account's imports; export buttons that download the library as a stream.
 */
import { accountImports, type Errors, type Import, ImportFormat, startImport } from "@bookmark-library/domain"
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
  readonly error?: string
}

const uploadForm = (req: Authed, values: FormValues) =>
  html`<section class="panel" aria-labelledby="import-heading">
<h2 id="import-heading">Import</h2>
<p class="muted small">A bookmarks file exported from Chrome, Firefox, Safari or Edge, Pocket (the CSV or the zip), Karakeep, Linkwarden, Linkding or Raindrop, or this library's own JSON export. At most ${mib} MiB. Addresses already in your library are skipped.</p>
${Layout.notice(values.error, "error")}
<form class="stack" method="post" action="/imports" enctype="multipart/form-data" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="import-file">File</label><input id="import-file" name="file" type="file" required></div>
<div><label for="import-format">Format <span class="hint">read from the file's content unless you choose one</span></label>
<select id="import-format" name="format">
<option value="">Detect from the content</option>
${ImportFormat.all.map((f) => html`<option value="${f}"${values.format === f ? html` selected` : ""}>${ImportFormat.describe[f]}</option>`)}
</select></div>
<div><label class="check"><input type="checkbox" name="events" value="true"${values.events === true ? html` checked` : ""}> Announce each imported bookmark to my webhooks</label>
<p class="hint">Sends <code>bookmark.saved</code> for every imported bookmark once it is processed. Off by default: webhooks usually expect the pages you save one by one, not a whole library at once.</p></div>
<div><button type="submit">Import</button></div>
</form>
</section>`

const importRow = (p: Import.Progress) =>
  html`<tr>
<td><a href="${importPath(p.id)}">${Format.date(p.createdAt)}</a></td>
<td>${p.format}</td>
<td>${stateLabel(p)}</td>
<td>${p.saved.toLocaleString("en-US")}</td>
<td>${p.duplicates.toLocaleString("en-US")}</td>
<td>${p.failed.toLocaleString("en-US")}</td>
</tr>`

const exportSection = html`<section class="panel" aria-labelledby="export-heading">
<h2 id="export-heading">Export</h2>
<p class="muted small">Your whole library as a file. The JSON export keeps everything (tags, notes, summaries, your edits) and can be imported again here or on another server; the HTML file opens in any browser's bookmark manager (without text notes).</p>
<div class="actions" hx-boost="false">
<a class="button" href="/export?format=json" download>Export JSON</a>
<a class="button quiet" href="/export?format=html" download>Export HTML (browsers)</a>
</div>
</section>`

const render = (req: Authed, values: FormValues, status = 200) =>
  Effect.gen(function*() {
    const imports = yield* accountImports(req.me.account.id)
    return Responses.htmlPage(req, Layout.page(req, { title: "Import & export", section: "import" }, html`
<h1>Import &amp; export</h1>
${uploadForm(req, values)}
<h2 id="imports-heading">Your imports</h2>
${imports.length === 0
      ? html`<p class="muted">No imports yet.</p>`
      : html`<div class="table-wrap"><table class="imports" aria-labelledby="imports-heading">
<thead><tr><th scope="col">Started</th><th scope="col">Format</th><th scope="col">State</th><th scope="col">Saved</th><th scope="col">Duplicates</th><th scope="col">Failed</th></tr></thead>
<tbody>${imports.map(importRow)}</tbody>
</table></div>`}
${exportSection}`), { status })
  })

export const show = (req: Authed) => render(req, {})

const labels = { file: "File", format: "Format" }

const refusals: Record<UploadRefusal, readonly [number, string]> = {
  tooLarge: [413, `File: the file is larger than ${mib} MiB, the most an import takes. Split it, or ask the server's operator to import it.`],
  unreadable: [400, "File: the upload could not be read. Choose the file again and retry."],
  text: [400, "The form contained characters that are not text (such as the NUL character)."]
}

/** A body the server did not read (too large, broken, not text): the page with the form and why. */
export const refused = (req: Authed, refusal: UploadRefusal) => {
  const [status, error] = refusals[refusal]
  return render(req, { error }, status)
}

const formatOf = Schema.decodeUnknownOption(ImportFormat.ImportFormat)

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const chosen = Forms.field(req.form, "format")
    const values: FormValues = { format: chosen, events: Forms.field(req.form, "events") === "true" }
    const format = formatOf(chosen)
    if (chosen !== "" && Option.isNone(format)) return yield* render(req, { ...values, error: "Format: choose one of the list." }, 400)
    if (Option.isNone(req.file)) return yield* render(req, { ...values, error: "File: choose a file to import." }, 400)
    const started = yield* Outcome.orInvalid(
      startImport(req.me.account.id, req.file.value.bytes, { format, events: values.events === true })
    )
    if (started._tag === "Left") return yield* render(req, { ...values, error: problem(started.left) }, 400)
    return Responses.redirect(importPath(started.right.id))
  })

/** The reader's reasons speak of the admin API's `format` parameter; on this page it is the Format list. */
const problem = (e: Errors.InvalidInput) => Outcome.message(e, labels).replace(/; name one with format\.$/, "; if you know it, choose it under Format.")
