/** One bookmark: every field and the full screenshot; Edit (overrides), Refresh (enrich again), Delete (confirmed). */
import { type Bookmark, BookmarkType, deleteOwnBookmark, editOwnBookmark, getBookmark, refreshBookmark } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { statusLine, tagList, typeLabels } from "./Library.js"

const id = (req: Authed) => req.params["id"] ?? ""
const path = (b: Bookmark.Bookmark) => `/bookmarks/${encodeURIComponent(b.id)}`

const field = (label: string, value: string) =>
  html`<dt>${label}</dt><dd>${value === "" ? html`<span class="muted">—</span>` : value}</dd>`

const details = (req: Authed, b: Bookmark.Bookmark) =>
  html`<article id="bookmark"${b.status === "processing" ? html` hx-get="${path(b)}" hx-trigger="every 2s" hx-select="#bookmark" hx-swap="outerHTML"` : ""}>
<h1>${Format.title(b)}</h1>
${statusLine(b)}
${b.url === "" ? "" : html`<p><a href="${b.url}" rel="noopener noreferrer nofollow">${b.url}</a></p>`}
<div class="actions">
<a class="button quiet" href="${path(b)}/edit">Edit</a>
<form method="post" action="${path(b)}/refresh"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="quiet">Refresh</button></form>
<a class="button quiet" href="${path(b)}/delete">Delete</a>
</div>
${tagList(b.tags)}
<dl class="fields">
${field("Description", b.description)}
${field("Summary", b.summary)}
${field(b.type === "textNote" ? "Text" : "Note", b.note)}
${field("Type", typeLabels[b.type])}
${field("Saved", Format.date(b.createdAt))}
${field("Status", b.status === "ready" ? (b.processingError === "" ? "Ready" : `Ready, with a problem: ${b.processingError}`) : "Processing")}
</dl>
${b.screenshot === "" ? "" : html`<h2>Screenshot</h2><p><img class="shot" src="${b.screenshot}" alt="Full-page screenshot of ${Format.title(b)}" loading="lazy"></p>`}
</article>`

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    return Responses.htmlPage(req, Layout.page(req, { title: Format.title(b), section: "library" }, html`
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${details(req, b)}`))
  })

interface EditValues {
  readonly title: string
  readonly description: string
  readonly tags: string
  readonly note: string
  readonly type: string
}

const editForm = (req: Authed, b: Bookmark.Bookmark, values: EditValues, error?: string) =>
  Layout.page(req, { title: `Edit ${Format.title(b)}`, section: "library" }, html`
<h1>Edit</h1>
<p class="muted">${Format.title(b)}. Your values replace what was found on the page, in the app, the API and webhooks, also after a refresh.</p>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="${path(b)}/edit">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="title">Title</label><input id="title" name="title" type="text" value="${values.title}"></div>
<div><label for="description">Description</label><textarea id="description" name="description" rows="3">${values.description}</textarea></div>
<div><label for="tags">Tags <span class="hint">comma-separated</span></label><input id="tags" name="tags" type="text" value="${values.tags}"></div>
<div><label for="note">Note</label><textarea id="note" name="note" rows="5">${values.note}</textarea></div>
<div><label for="type">Type</label><select id="type" name="type">${BookmarkType.all.map((t) =>
    html`<option value="${t}"${values.type === t ? html` selected` : ""}>${typeLabels[t]}</option>`)}</select></div>
<div class="actions"><button type="submit">Save changes</button><a href="${path(b)}">Cancel</a></div>
</form>`)

const valuesOf = (b: Bookmark.Bookmark): EditValues => ({
  title: b.title,
  description: b.description,
  tags: b.tags.join(", "),
  note: b.note,
  type: b.type
})

export const showEdit = (req: Authed) =>
  Effect.map(getBookmark(req.me.account.id, id(req)), (b) => Responses.htmlPage(req, editForm(req, b, valuesOf(b))))

/** Only what the person changed becomes an override: an untouched field keeps following the page. */
export const submitEdit = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    const now = valuesOf(b)
    const sent: EditValues = {
      title: Forms.field(req.form, "title"),
      description: Forms.field(req.form, "description"),
      tags: Forms.field(req.form, "tags"),
      note: Forms.field(req.form, "note"),
      type: Forms.field(req.form, "type") || b.type
    }
    const typeChanged = sent.type !== now.type && BookmarkType.isBookmarkType(sent.type)
    const payload = {
      ...(sent.title !== now.title ? { title: sent.title } : {}),
      ...(sent.description !== now.description ? { description: sent.description } : {}),
      ...(sent.tags !== now.tags ? { tags: sent.tags } : {}),
      ...(sent.note !== now.note ? { note: sent.note } : {}),
      ...(typeChanged && BookmarkType.isBookmarkType(sent.type) ? { type: sent.type } : {})
    }
    const edited = yield* Outcome.orInvalid(editOwnBookmark(req.me.account.id, b.id, payload))
    if (edited._tag === "Right") return Responses.redirect(`${path(b)}?notice=edited`)
    return Responses.htmlPage(req, editForm(req, b, sent, Outcome.message(edited.left)), { status: 400 })
  })

export const refresh = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    yield* refreshBookmark(req.me.account.id, b.id)
    return Responses.redirect(`${path(b)}?notice=refreshing`)
  })

export const confirmDelete = (req: Authed) =>
  Effect.map(getBookmark(req.me.account.id, id(req)), (b) =>
    Responses.htmlPage(req, Layout.page(req, { title: "Delete bookmark", section: "library" }, html`
<h1>Delete this bookmark?</h1>
<p><strong>${Format.title(b)}</strong>${b.url === "" ? "" : html` <span class="muted">(${b.url})</span>`}</p>
<p class="muted">It is removed with its screenshot and any deliveries still waiting. This cannot be undone.</p>
<form class="actions" method="post" action="${path(b)}/delete">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="danger">Delete</button><a href="${path(b)}">Cancel</a>
</form>`)))

export const submitDelete = (req: Authed) =>
  Effect.map(deleteOwnBookmark(req.me.account.id, id(req)), () => Responses.redirect("/?notice=deleted"))
