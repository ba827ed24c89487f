/** The library page's parts: the save form, the filters, the result rows with "Load more", the count and notices. */
import { type BookmarkCard, BookmarkType } from "@bookmark-library/domain"
import * as Cards from "../Cards.js"
import * as Format from "../Format.js"
import { type Html, html } from "../Html.js"
import * as Layout from "../Layout.js"
import type { Authed } from "../WebRequest.js"
import { href, type Query, sorts } from "./LibraryQuery.js"
import * as ListsSidebar from "./ListsSidebar.js"

export const typeLabels: Record<BookmarkType.BookmarkType, string> = {
  website: "Website",
  article: "Article",
  image: "Image",
  textNote: "Note",
  pdf: "PDF",
  video: "Video"
}

/** The tags, generated ones marked (a dashed outline, and said to screen readers). */
export const tagList = (tags: ReadonlyArray<string>, generated: ReadonlyArray<string> = []): Html | "" =>
  tags.length === 0
    ? ""
    : html`<ul class="tags" aria-label="Tags">${
      tags.map((t) =>
        generated.includes(t)
          ? html`<li class="generated"><a href="/?tag=${
            encodeURIComponent(t)
          }">${t}<span class="visually-hidden"> (generated)</span></a></li>`
          : html`<li><a href="/?tag=${encodeURIComponent(t)}">${t}</a></li>`
      )
    }</ul>`
export interface Found {
  readonly cards: ReadonlyArray<BookmarkCard.Card>
  readonly nextBefore: number | null
  readonly nextOffset: number | null
}

/** Where the next page starts: the `before` cursor (newest first) or an offset (the other orders). */
export const nextPage = (found: Found): Record<string, string> | undefined =>
  found.nextBefore !== null
    ? { before: new Date(found.nextBefore).toISOString() }
    : found.nextOffset !== null
    ? { offset: String(found.nextOffset) }
    : undefined

export const rows = (found: Found, query: Query, context: Cards.Context) => {
  const next = nextPage(found)
  return html`${found.cards.map((c) => Cards.card(c, context))}${
    next === undefined ?
      "" :
      html`<li class="more"><a class="button quiet" href="${href(query, next)}"
 hx-get="${
        href(query, { ...next, partial: "rows" })
      }" hx-trigger="revealed" hx-target="closest li" hx-swap="outerHTML">Load more</a></li>`
  }`
}

export interface SaveForm {
  readonly url?: string
  readonly tags?: string
  readonly note?: string
  readonly error?: string
  /** Shown unfolded on a phone too (an error, or an address brought by the bookmarklet). */
  readonly open?: boolean
}

/**
 * Save a page. On a phone it folds behind one "Save a page" button (a `<details>`; open when it shows an error).
 * With htmx it posts in place and answers only a line and the new card, so the form stays for the next address and a
 * second Save pressed while the first is answering is queued, not dropped (`hx-sync`).
 */
export const saveForm = (req: Authed, form: SaveForm) =>
  html`<details class="panel save-panel"${form.error === undefined && form.open !== true ? "" : html` open`}>
<summary class="button">Save a page</summary>
<section aria-labelledby="save-heading">
<h2 id="save-heading">Save a page</h2>
<div id="save-status">${Layout.notice(form.error, "error")}</div>
<form class="row" method="post" action="/bookmarks" hx-post="/bookmarks" hx-target="#save-status" hx-swap="innerHTML" hx-sync="this:queue all" data-save>
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="save-url">URL</label><input id="save-url" name="url" type="text" inputmode="url" autocomplete="url" autocapitalize="off" spellcheck="false" required placeholder="example.com/page" value="${
    form.url ?? ""
  }"></div>
<div><label for="save-tags">Tags <span class="hint">comma-separated</span></label><input id="save-tags" name="tags" type="text" value="${
    form.tags ?? ""
  }"></div>
<div><label for="save-note">Note</label><input id="save-note" name="note" type="text" value="${form.note ?? ""}"></div>
<button type="submit">Save</button>
</form>
<p class="small"><a href="/notes/new">New note</a> <span class="muted">— a text without a page</span> · <a href="/bookmarklet">Bookmarklet</a></p>
</section>
</details>`

export const filters = (query: Query) =>
  html`<form class="filters" role="search" method="get" action="/">
<div class="search"><label for="q">Search <span class="hint">press / to focus</span></label>
<input id="q" name="q" type="search" value="${query.q}" placeholder="Words, #tag, site:example.com, is:favourite…"
 hx-get="/" hx-trigger="input changed delay:300ms, search" hx-target="#results-area" hx-select="#results-area" hx-swap="outerHTML" hx-push-url="true" hx-include="closest form"></div>
<div><label for="type">Type</label><select id="type" name="type">
<option value="">Any type</option>
${
    BookmarkType.all.map((t) =>
      html`<option value="${t}"${query.type === t ? html` selected` : ""}>${typeLabels[t]}</option>`
    )
  }
</select></div>
<div><label for="sort">Sort</label><select id="sort" name="sort">${
    sorts.map(([value, label]) =>
      html`<option value="${value}"${query.sort === value ? html` selected` : ""}>${label}</option>`
    )
  }</select></div>
<div class="dates"><label for="from">Saved from</label><input id="from" name="from" type="date" value="${query.from}"></div>
<div class="dates"><label for="to">to</label><input id="to" name="to" type="date" value="${query.to}"></div>
${query.tag === "" ? "" : html`<input type="hidden" name="tag" value="${query.tag}">`}
${query.view === "list" ? html`<input type="hidden" name="view" value="list">` : ""}
<button type="submit" class="quiet">Search</button>
</form>
<p class="small views">${
    query.tag === ""
      ? ""
      : html`Tag <strong>${query.tag}</strong> <a href="${href({ ...query, tag: "" })}">(show all)</a> · `
  }
View: <a href="${href({ ...query, view: "grid" })}"${query.view === "grid" ? html` aria-current="true"` : ""}>Grid</a>
<a href="${href({ ...query, view: "list" })}"${query.view === "list" ? html` aria-current="true"` : ""}>List</a>
· <a href="/?q=is%3Afavourite">Favourites</a> · <a href="/?q=is%3Aunread">Unread</a>
· <a href="/duplicates">Duplicates</a> · <a href="${ListsSidebar.brokenHref}">Broken links</a></p>`

/** "30 results" under a search or filter; "30+ results" when more pages follow. */
export const countLine = (shown: number, more: boolean, filtered: boolean) =>
  filtered
    ? html`<p class="small muted count" role="status">${
      shown === 0 ? "No results" : more ? `More than ${Format.plural(shown, "result")}` : Format.plural(shown, "result")
    }</p>`
    : ""
/** "Already saved" after saving a page that was in the library (docs/search.md, "Duplicates"). */
export const alreadySaved = (id: string | null) =>
  id === null || !/^bmk_[A-Za-z0-9]{1,64}$/.test(id)
    ? ""
    : html`<p class="notice" role="status">Already saved: this page was in your library before. <a href="/bookmarks/${id}">See the earlier bookmark</a> · <a href="/duplicates">Duplicates</a></p>`
