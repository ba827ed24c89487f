/** A list's read-only public page behind its secret address (docs/lists.md, "Shared pages"): no session needed. */
import { Bookmark, readSharedList } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { WebRequest } from "../WebRequest.js"

const item = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  const title = eff.title !== "" ? eff.title : record.url !== "" ? record.url : "Note"
  const about = record.derived.summary !== "" ? record.derived.summary : eff.description
  return html`<li class="card"><div class="body">
<h2 class="shared-title">${
    record.url === "" ? title : html`<a href="${record.url}" rel="noopener noreferrer nofollow">${title}</a>`
  }</h2>
${record.url === "" ? "" : html`<span class="host">${Format.host(record.url)}</span>`}
${about === "" ? "" : html`<p class="small">${about}</p>`}
${
    eff.tags.length === 0
      ? ""
      : html`<p class="small muted">${eff.tags.join(", ")}</p>`
  }
</div></li>`
}

export const show = (req: WebRequest) =>
  Effect.gen(function*() {
    const shared = yield* readSharedList(req.params["token"] ?? "")
    const body = html`
<h1>${shared.name}</h1>
<p class="muted small">A shared list: ${Format.plural(shared.items.length, "bookmark")}, newest first. Read-only.</p>
${
      shared.items.length === 0
        ? html`<p class="empty-state">This list is empty.</p>`
        : html`<ul class="results list" aria-label="Bookmarks in ${shared.name}">${shared.items.map(item)}</ul>`
    }`
    return Responses.htmlPage(req, Layout.bare(req, shared.name, body), {
      headers: { "referrer-policy": "no-referrer", "x-robots-tag": "noindex" }
    })
  })
