/**
 * One import's progress: counts, bars for rows read and bookmarks processed, and every failed row with its position
 * and reason. While it runs the section asks for itself again (htmx polling, allowed by `connect-src 'self'`).
 */
import { Actor, type Import, importProgress } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const importPath = (id: string) => `/imports/${encodeURIComponent(id)}`

/** Every row read; enrichment of what was saved may still go on. */
const enriching = (p: Import.Progress) => p.state === "done" && p.enriched < p.saved

export const stateLabel = (p: Import.Progress) =>
  p.state === "running" ? "Reading rows" : enriching(p) ? "Processing pages" : "Finished"

/** Polling: every second while rows are read, every 5 s while pages are processed, not at all when finished. */
const poll = (p: Import.Progress) => p.state === "running" ? "every 1s" : enriching(p) ? "every 5s" : undefined

const count = (label: string, n: number, id: string) =>
  html`<div class="count"><dt>${label}</dt><dd id="${id}">${n.toLocaleString("en-US")}</dd></div>`

/** Rows not imported, then bookmarks imported with a problem (a zip's copy not restored), as the import kept them. */
const failures = (p: Import.Progress) =>
  p.failures.length === 0 ?
    "" :
    html`<h2 id="failures-heading">${p.failed === 0 ? "Imported with a problem" : "Rows not imported"}</h2>
<p class="muted small">${
      p.failed === 0
        ? "These bookmarks were saved; what the row says was not."
        : html`${
          p.failures.length < p.failed
            ? `The first ${p.failures.length.toLocaleString("en-US")} of ${p.failed.toLocaleString("en-US")}.`
            : `${Format.plural(p.failed, "row")}.`
        } Fix them in the file and import it again: rows already imported are skipped as duplicates.${
          p.failures.length > p.failed ? " Rows that say “saved without” were saved, without what they name." : ""
        }`
    }</p>
<div class="table-wrap"><table aria-labelledby="failures-heading" class="failures">
<thead><tr><th scope="col">Where</th><th scope="col">Why</th></tr></thead>
<tbody>${p.failures.map((f) => html`<tr><td class="mono">${f.position}</td><td>${f.reason}</td></tr>`)}</tbody>
</table></div>`

const section = (p: Import.Progress, zone: string) => {
  const trigger = poll(p)
  return html`<section id="import" aria-labelledby="import-title"${
    trigger === undefined
      ? ""
      : html` hx-get="${
        importPath(p.id)
      }?partial=section" hx-trigger="${trigger}" hx-select="#import" hx-swap="outerHTML"`
  }>
<h1 id="import-title">Import of ${Format.date(p.createdAt, zone)}</h1>
<p role="status" class="import-state">${
    trigger === undefined ? "" : html`<span class="spinner" aria-hidden="true"></span>`
  }<strong>${stateLabel(p)}</strong>${
    p.finishedAt === null ? "" : html`<span class="muted">· every row read ${Format.date(p.finishedAt, zone)}</span>`
  }</p>
<p class="small muted">Format: ${p.format} · ${
    p.events ? "each bookmark announced to your webhooks" : "quiet (no webhook events)"
  }${p.folders === "lists" ? " · folders made lists" : ""}</p>
<div class="bars">
<label for="read-bar">Rows read: ${p.read.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")}</label>
<progress id="read-bar" max="${String(Math.max(p.total, 1))}" value="${
    String(p.total === 0 ? 1 : p.read)
  }">${p.read} of ${p.total}</progress>
<label for="enriched-bar">Pages processed: ${p.enriched.toLocaleString("en-US")} of ${
    p.saved.toLocaleString("en-US")
  }</label>
<progress id="enriched-bar" max="${String(Math.max(p.saved, 1))}" value="${
    String(p.saved === 0 ? 1 : p.enriched)
  }">${p.enriched} of ${p.saved}</progress>
</div>
<dl class="counts">
${count("Read", p.read, "count-read")}
${count("Saved", p.saved, "count-saved")}
${count("Duplicates", p.duplicates, "count-duplicates")}
${count("Failed", p.failed, "count-failed")}
${count("Processed", p.enriched, "count-enriched")}
</dl>
${p.state === "done" && p.saved > 0 ? html`<p><a href="/">See them in your library</a></p>` : ""}
${failures(p)}
</section>`
}

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const p = yield* importProgress(Actor.account(req.me.account.id), req.params["id"] ?? "")
    // A poll gets the section alone (it replaces itself); a visit, boosted or not, gets the whole page.
    if (req.htmx && req.url.searchParams.get("partial") === "section") {
      return Responses.htmlPage(req, section(p, req.zone))
    }
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Import", section: "import" },
        html`
<p class="small"><a href="/import-export">← Import &amp; export</a></p>
${section(p, req.zone)}`
      )
    )
  })
