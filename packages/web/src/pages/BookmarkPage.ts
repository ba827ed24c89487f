/** One bookmark: every field and the full screenshot, its marks; Refresh (enrich again). Edit is BookmarkEdit.ts, Delete
 * BookmarkDelete.ts. */
import {
  Actor,
  type Bookmark,
  type BookmarkCard,
  bookmarkCard,
  getBookmark,
  refreshBookmark,
  renderNote,
  setBookmarkStates
} from "@bookmark-library/domain"
import { Clock, Effect } from "effect"
import * as Cards from "../Cards.js"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { type Html, html, raw } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import * as Status from "../Status.js"
import type { Authed } from "../WebRequest.js"
import * as GeneratedTags from "./GeneratedTags.js"
import { statusLine, typeLabels } from "./Library.js"
import * as LinkHealthNotice from "./LinkHealthNotice.js"
import * as ListPicker from "./ListPicker.js"
import * as ListsSidebar from "./ListsSidebar.js"
import * as ReaderPage from "./ReaderPage.js"

/** The bookmark's id in the page's path (`/bookmarks/:id…`). */
export const id = (req: Authed) => req.params["id"] ?? ""
/** The bookmark's page. */
export const path = (b: Bookmark.Bookmark) => `/bookmarks/${encodeURIComponent(b.id)}`

const field = (label: string, value: string, kind = "") =>
  html`<dt>${label}</dt><dd${kind === "" ? "" : html` class="${kind}"`}>${
    value === "" ? html`<span class="muted">—</span>` : value
  }</dd>`

/** "Back to library" returns to the filtered library the person came from (`?back=`, a path of ours only). */
export const backOf = (req: Authed): string => {
  const back = req.url.searchParams.get("back") ?? "/"
  return back === "/" || (back.startsWith("/?") && !back.includes("\\")) ? back : "/"
}

const state = (b: Bookmark.Bookmark) => {
  if (b.status === "ready") return b.processingError === "" ? "Ready" : `Ready, with a problem: ${b.processingError}`
  const retry = Status.retryOf(b)
  return retry === undefined ? "Processing" : `Processing: ${retry.reason}`
}

/** A note as safe Markdown (docs/reading.md, "Notes"): the sanitiser's output, or "" for no note. */
const noteField = (label: string, note: Html | "") =>
  html`<dt>${label}</dt><dd class="prose note-body">${note === "" ? html`<span class="muted">—</span>` : note}</dd>`

const details = (req: Authed, card: BookmarkCard.Card, now: number, note: Html | "") => {
  const b = card.bookmark
  const retry = Status.retryOf(b)
  return html`<article id="bookmark"${
    b.status === "processing"
      ? html` hx-get="${
        req.url.pathname + req.url.search
      }" hx-trigger="every 2s" hx-select="#bookmark" hx-swap="outerHTML"`
      : ""
  }>
<p class="small back"><a href="${backOf(req)}">← Back to library</a></p>
<div class="bookmark-head">
${
    card.thumbnail === ""
      ? ""
      : html`<img class="preview" src="${card.thumbnail}" alt="" width="480" height="270" decoding="async">`
  }
<div>
<h1>${Format.title(b)}</h1>
${statusLine(b, req.zone, now)}
${LinkHealthNotice.render(b, req.zone)}
${
    b.url === ""
      ? ""
      : html`<p class="site-line">${
        card.icon === "" ? "" : html`<img class="icon" src="${card.icon}" alt="" width="16" height="16">`
      }<a href="${b.url}" rel="noopener noreferrer nofollow">${b.url}</a></p>`
  }
</div>
</div>
<div class="actions">
${ReaderPage.offered(b) ? html`<a class="button" href="${ReaderPage.path(b)}">Reader view</a>` : ""}
<a class="button quiet" href="${path(b)}/edit">Edit</a>
<form method="post" action="${
    path(b)
  }/refresh"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="quiet">Refresh</button></form>
<a class="button quiet" href="${path(b)}/delete">Delete</a>
</div>
${states(req, b)}
${Cards.tags(card)}
${GeneratedTags.bookmarkForm(req, b)}
<dl class="fields">
${field("Description", b.description)}
${field("Summary", b.summary)}
${noteField(b.type === "textNote" ? "Text" : "Note", note)}
${field("Type", typeLabels[b.type])}
${field("Saved", Format.date(b.createdAt, req.zone))}
${field("Status", state(b))}
${retry === undefined ? "" : field("Next attempt", Format.date(retry.nextAt, req.zone))}
${archiveField(b, req.zone)}
${LinkHealthNotice.field(b, req.zone)}
</dl>
${
    b.screenshot === ""
      ? ""
      : html`<h2>Screenshot</h2><p><img class="shot" src="${b.screenshot}" alt="Full-page screenshot of ${
        Format.title(b)
      }" loading="lazy"></p>`
  }
</article>`
}

/** The archived copy (docs/preservation.md): a link that opens it sandboxed, when it was taken, what it leaves out. */
const archiveField = (b: Bookmark.Bookmark, zone: string) => {
  if (b.archive === "" && b.archiveProblem === "") return ""
  const problem = b.archiveProblem === "" ? "" : html` <span class="muted">(${b.archiveProblem})</span>`
  return html`<dt>Archived copy</dt><dd>${
    b.archive === ""
      ? html`None${problem}`
      : html`<a href="${b.archive}" rel="noopener noreferrer" target="_blank">Archived copy</a>, taken ${
        Format.date(b.archivedAt, zone)
      }${problem}`
  }</dd>`
}

/** A toggle per state (docs/search.md, "States"): a form each, so it works without script and under the CSP. */
const states = (req: Authed, b: Bookmark.Bookmark) =>
  html`<div class="states" aria-label="Your marks">
<form method="post" action="${path(b)}/state"><input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="favourite" value="${b.favourite === true ? "false" : "true"}">
<button type="submit" class="quiet" aria-pressed="${b.favourite === true ? "true" : "false"}">${
    b.favourite === true ? "★ Favourite" : "☆ Favourite"
  }</button></form>
<form method="post" action="${path(b)}/state"><input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="archived" value="${b.archived === true ? "false" : "true"}">
<button type="submit" class="quiet" aria-pressed="${b.archived === true ? "true" : "false"}">${
    b.archived === true ? "Archived (read)" : "Archive (mark read)"
  }</button></form>
</div>`

const flag = (value: string): boolean | undefined => (value === "true" ? true : value === "false" ? false : undefined)

/** Sets the state the toggle sent; anything else than true or false is refused by the use case as no state. */
export const setState = (req: Authed) =>
  Effect.gen(function*() {
    const favourite = flag(Forms.field(req.form, "favourite"))
    const archived = flag(Forms.field(req.form, "archived"))
    const sent = {
      ...(favourite === undefined ? {} : { favourite }),
      ...(archived === undefined ? {} : { archived })
    }
    const b = yield* getBookmark(req.me.account.id, id(req))
    const set = yield* Outcome.orInvalid(setBookmarkStates(Actor.account(req.me.account.id), b.id, sent))
    if (set._tag === "Failure") return Responses.redirect(path(b))
    const notice = favourite !== undefined
      ? (favourite ? "favourite" : "unfavourite")
      : (archived === true ? "archived" : "unarchived")
    return Responses.redirect(`${path(b)}?notice=${notice}`)
  })

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const card = yield* bookmarkCard(req.me.account.id, id(req))
    const now = yield* Clock.currentTimeMillis
    // The sanitiser's output (Markup port): the only markup of a note that reaches the page.
    const note = card.bookmark.note === "" ? "" : raw(yield* renderNote(card.bookmark.note))
    const lists = yield* ListPicker.render(req, card.bookmark.id)
    const aside = yield* ListsSidebar.render(req, "none")
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: Format.title(card.bookmark), section: "library", aside },
        html`
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${details(req, card, now, note)}
${lists}`
      )
    )
  })

export const refresh = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    yield* refreshBookmark(req.me.account.id, b.id)
    return Responses.redirect(`${path(b)}?notice=refreshing`)
  })
