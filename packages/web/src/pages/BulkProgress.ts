/**
 * A bulk action's progress (docs/lists.md, "Bulk actions"): a bar, the counts and the bookmarks that were not done.
 * While the job runs the section asks for itself again every second (htmx polling, as an import's page does), so
 * the page never waits on the job and never times out.
 */
import { Actor, Bulk, bulkProgress } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const bulkPath = (id: string) => `/bulk/${encodeURIComponent(id)}`

const count = (label: string, n: number, id: string) =>
  html`<div class="count"><dt>${label}</dt><dd id="${id}">${n.toLocaleString("en-US")}</dd></div>`

const problems = (p: Bulk.Progress) =>
  p.results.length === 0 ? "" : html`<h2 id="problems-heading">Not done</h2>
<div class="table-wrap"><table aria-labelledby="problems-heading" class="failures">
<thead><tr><th scope="col">Bookmark</th><th scope="col">Why</th></tr></thead>
<tbody>${
    p.results.slice(0, 100).map((r) =>
      html`<tr><td class="mono">${r.id}</td><td>${
        r.result === "not_found" ? "No longer there" : r.reason ?? ""
      }</td></tr>`
    )
  }</tbody>
</table></div>`

const section = (p: Bulk.Progress) => {
  const running = p.state === "running"
  return html`<section id="bulk-run" aria-labelledby="bulk-title"${
    running
      ? html` hx-get="${
        bulkPath(p.id)
      }?partial=section" hx-trigger="every 1s" hx-select="#bulk-run" hx-swap="outerHTML"`
      : ""
  }>
<h1 id="bulk-title">${Bulk.doneLabel[p.action]} ${Format.plural(p.total, "bookmark")}</h1>
<p role="status" class="import-state">${
    running
      ? html`<span class="spinner" aria-hidden="true"></span><strong>Working</strong>`
      : html`<strong>Finished</strong>`
  }<span class="muted"> · ${p.done.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")} done</span></p>
<div class="bars">
<label for="bulk-bar">Done: ${p.done.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")}</label>
<progress id="bulk-bar" max="${String(Math.max(p.total, 1))}" value="${
    String(p.total === 0 ? 1 : p.done)
  }">${p.done} of ${p.total}</progress>
</div>
<dl class="counts">
${count("Done", p.ok, "bulk-ok")}
${count("No longer there", p.notFound, "bulk-not-found")}
${count("Failed", p.failed, "bulk-failed")}
</dl>
${running ? html`<p class="small muted">You can leave this page: the work goes on.</p>` : ""}
${problems(p)}
<p><a href="/">Back to the library</a></p>
</section>`
}

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const p = yield* bulkProgress(Actor.account(req.me.account.id), req.params["id"] ?? "")
    if (req.htmx && req.url.searchParams.get("partial") === "section") return Responses.htmlPage(req, section(p))
    return Responses.htmlPage(req, Layout.page(req, { title: "Bulk action", section: "library" }, section(p)))
  })

/** The run named by the library's `bulk` parameter, if it is the person's. */
export const find = (req: Authed, id: string | null) =>
  id === null
    ? Effect.succeed(undefined)
    : Effect.match(bulkProgress(Actor.account(req.me.account.id), id), {
      onFailure: () => undefined,
      onSuccess: (p) => p
    })
