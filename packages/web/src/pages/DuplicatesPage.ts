/** Duplicates (docs/search.md, "Duplicates"): groups of the same page saved more than once, each with Merge. */
import { type Bookmark, duplicateGroups, maxGroups, mergeBookmarks } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { tagList } from "./Library.js"

const member = (b: Bookmark.Bookmark, first: boolean, zone: string) =>
  html`<li><a href="/bookmarks/${encodeURIComponent(b.id)}">${Format.title(b)}</a>
<span class="small muted">saved ${Format.date(b.createdAt, zone)}${first ? " · kept by a merge" : ""}</span>${
    Format.title(b) === b.url ? "" : html`<br><span class="small muted">${b.url}</span>`
  }${tagList(b.tags)}</li>`

const group = (req: Authed, members: ReadonlyArray<Bookmark.Bookmark>, index: number) =>
  html`<li><h2 id="group-${index}">${
    members[0] === undefined ? "" : Format.title(members[0])
  } <span class="small muted">(${Format.plural(members.length, "copy", "copies")})</span></h2>
<ol>${members.map((b, i) => member(b, i === 0, req.zone))}</ol>
<form method="post" action="/duplicates/merge"><input type="hidden" name="_csrf" value="${req.csrf}">
${members.map((b) => html`<input type="hidden" name="id" value="${b.id}">`)}
<button type="submit" aria-describedby="group-${index}">Merge ${members.length} into the earliest</button></form></li>`

const render = (req: Authed, error?: string) =>
  Effect.gen(function*() {
    const groups = yield* duplicateGroups(req.me.account.id)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Duplicates", section: "library" },
        html`
<h1>Duplicates</h1>
<p class="muted">Pages saved more than once, known by their address with tracking parameters, <code>www.</code>,
 the scheme and the fragment set aside, or by the same readable text under another address. A merge keeps the
 earliest bookmark with every tag, note, highlight and list of its group and deletes the others. Search <a href="/?q=is%3Aduplicate">is:duplicate</a> lists them all.</p>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${Layout.notice(error, "error")}
${
          groups.length === 0
            ? html`<p class="empty-state">No duplicates: every page is saved once.</p>`
            : html`<ul class="groups" aria-label="Groups of duplicates">${groups.map((g, i) => group(req, g, i))}</ul>
${
              groups.length === maxGroups
                ? html`<p class="small muted">The ${maxGroups} most recent groups; merge some to see more.</p>`
                : ""
            }`
        }`
      ),
      { status: error === undefined ? 200 : 400 }
    )
  })

export const show = (req: Authed) => render(req)

export const merge = (req: Authed) =>
  Effect.gen(function*() {
    const merged = yield* Outcome.orInvalid(mergeBookmarks(req.me.account.id, Forms.all(req.form, "id")))
    if (merged._tag === "Success") return Responses.redirect("/duplicates?notice=merged")
    return yield* render(req, Outcome.message(merged.failure, { ids: "Merge" }))
  })
