/** The library: save a page, search and filter, grid or list, newest first with "Load more" (infinite with htmx). */
import { type Bookmark, BookmarkType, libraryPage, saveBookmark } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html, type Html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const pageSize = 30

export const typeLabels: Record<BookmarkType.BookmarkType, string> = {
  website: "Website",
  article: "Article",
  image: "Image",
  textNote: "Note",
  pdf: "PDF",
  video: "Video"
}

export const statusLine = (b: Bookmark.Bookmark): Html | "" =>
  b.status === "processing"
    ? html`<span class="status"><span class="spinner" aria-hidden="true"></span>Processing…</span>`
    : b.processingError !== ""
    ? html`<span class="status failed">Could not fetch everything: ${b.processingError}</span>`
    : ""

export const tagList = (tags: ReadonlyArray<string>): Html | "" =>
  tags.length === 0 ? "" : html`<ul class="tags" aria-label="Tags">${tags.map((t) => html`<li><a href="/?tag=${encodeURIComponent(t)}">${t}</a></li>`)}</ul>`

const card = (b: Bookmark.Bookmark) => {
  const href = `/bookmarks/${encodeURIComponent(b.id)}`
  const thumb = b.screenshot !== ""
    ? html`<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true"><img src="${b.screenshot}" alt="" loading="lazy" decoding="async"></a>`
    : html`<a class="thumb empty" href="${href}" tabindex="-1" aria-hidden="true">${b.type === "textNote" ? "Note" : "No screenshot"}</a>`
  const where = b.url === "" ? typeLabels[b.type] : `${Format.host(b.url)} · ${typeLabels[b.type]}`
  return html`<li class="card">${thumb}<div class="body">
<h3><a href="${href}">${Format.title(b)}</a></h3>
<span class="host">${where}</span>
${statusLine(b)}
${tagList(b.tags)}
</div></li>`
}

interface Query {
  readonly q: string
  readonly tag: string
  readonly type: string
  readonly view: "grid" | "list"
}

const queryOf = (url: URL): Query => ({
  q: url.searchParams.get("q") ?? "",
  tag: url.searchParams.get("tag") ?? "",
  type: url.searchParams.get("type") ?? "",
  view: url.searchParams.get("view") === "list" ? "list" : "grid"
})

const href = (query: Query, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams()
  if (query.q !== "") params.set("q", query.q)
  if (query.tag !== "") params.set("tag", query.tag)
  if (query.type !== "") params.set("type", query.type)
  if (query.view === "list") params.set("view", "list")
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const text = params.toString()
  return text === "" ? "/" : `/?${text}`
}

const rows = (bookmarks: ReadonlyArray<Bookmark.Bookmark>, query: Query, nextBefore: number | null) =>
  html`${bookmarks.map(card)}${nextBefore === null ? "" : html`<li class="more"><a class="button quiet" href="${href(query, { before: new Date(nextBefore).toISOString() })}"
 hx-get="${href(query, { before: new Date(nextBefore).toISOString(), partial: "rows" })}" hx-trigger="revealed" hx-target="closest li" hx-swap="outerHTML">Load more</a></li>`}`

interface SaveForm {
  readonly url?: string
  readonly tags?: string
  readonly note?: string
  readonly error?: string
}

const saveForm = (req: Authed, form: SaveForm) =>
  html`<section class="panel" aria-labelledby="save-heading">
<h2 id="save-heading">Save a page</h2>
${Layout.notice(form.error, "error")}
<form class="row" method="post" action="/bookmarks">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="save-url">URL</label><input id="save-url" name="url" type="url" inputmode="url" required placeholder="https://" value="${form.url ?? ""}"></div>
<div><label for="save-tags">Tags <span class="hint">comma-separated</span></label><input id="save-tags" name="tags" type="text" value="${form.tags ?? ""}"></div>
<div><label for="save-note">Note</label><input id="save-note" name="note" type="text" value="${form.note ?? ""}"></div>
<button type="submit">Save</button>
</form>
<p class="small"><a href="/notes/new">New note</a> <span class="muted">— a text without a page</span></p>
</section>`

const filters = (query: Query) =>
  html`<form class="filters" role="search" method="get" action="/">
<div class="search"><label for="q">Search</label>
<input id="q" name="q" type="search" value="${query.q}" placeholder="Words in titles, notes, pages…"
 hx-get="/" hx-trigger="input changed delay:300ms, search" hx-target="#results" hx-select="#results" hx-swap="outerHTML" hx-push-url="true" hx-include="closest form"></div>
<div><label for="type">Type</label><select id="type" name="type">
<option value="">Any type</option>
${BookmarkType.all.map((t) => html`<option value="${t}"${query.type === t ? html` selected` : ""}>${typeLabels[t]}</option>`)}
</select></div>
${query.tag === "" ? "" : html`<input type="hidden" name="tag" value="${query.tag}">`}
${query.view === "list" ? html`<input type="hidden" name="view" value="list">` : ""}
<button type="submit" class="quiet">Search</button>
</form>
<p class="small views">${query.tag === "" ? "" : html`Tag <strong>${query.tag}</strong> <a href="${href({ ...query, tag: "" })}">(show all)</a> · `}
View: <a href="${href({ ...query, view: "grid" })}"${query.view === "grid" ? html` aria-current="true"` : ""}>Grid</a>
<a href="${href({ ...query, view: "list" })}"${query.view === "list" ? html` aria-current="true"` : ""}>List</a></p>`

const render = (req: Authed, form: SaveForm, status = 200) =>
  Effect.gen(function*() {
    const query = queryOf(req.url)
    const before = req.url.searchParams.get("before") ?? undefined
    const page = yield* Outcome.orInvalid(libraryPage(req.me.account.id, {
      limit: String(pageSize),
      ...(before === undefined ? {} : { before }),
      ...(query.q.trim() === "" ? {} : { q: query.q }),
      ...(query.tag.trim() === "" ? {} : { tag: query.tag }),
      ...(query.type === "" ? {} : { type: query.type })
    }))
    const found = page._tag === "Right" ? page.right : { bookmarks: [], nextBefore: null }
    const problem = page._tag === "Left" ? Outcome.message(page.left) : undefined
    if (req.htmx && req.url.searchParams.get("partial") === "rows") {
      return Responses.htmlPage(req, rows(found.bookmarks, query, found.nextBefore))
    }
    const filtered = query.q !== "" || query.tag !== "" || query.type !== ""
    const results = found.bookmarks.length === 0
      ? html`<div id="results"><p class="empty-state">${filtered ? "Nothing matches." : "Your library is empty. Save a page above."}</p></div>`
      : html`<ul id="results" class="results ${query.view}" aria-label="Bookmarks">${rows(found.bookmarks, query, found.nextBefore)}</ul>`
    return Responses.htmlPage(req, Layout.page(req, { title: "Library", section: "library" }, html`
<h1>Library</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${saveForm(req, form)}
${filters(query)}
${Layout.notice(problem, "error")}
${results}`), { status })
  })

export const show = (req: Authed) => render(req, {})

export const save = (req: Authed) =>
  Effect.gen(function*() {
    const form = { url: Forms.field(req.form, "url"), tags: Forms.field(req.form, "tags"), note: Forms.field(req.form, "note") }
    const saved = yield* Outcome.orInvalid(saveBookmark(req.me.account.id, form, "app"))
    if (saved._tag === "Right") return Responses.redirect("/?notice=saved")
    return yield* render(req, { ...form, error: Outcome.message(saved.left, { url: "URL" }) }, 400)
  })

