/** The library: save a page, search and filter, grid or list, newest first with "Load more" (infinite with htmx). */
import { type Bookmark, bookmarkCard, libraryPage, saveBookmark, savedAlready } from "@bookmark-library/domain"
import { Clock, Effect } from "effect"
import * as Cards from "../Cards.js"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import * as Status from "../Status.js"
import type { Authed } from "../WebRequest.js"
import * as BulkProgress from "./BulkProgress.js"
import * as GeneratedTags from "./GeneratedTags.js"
import * as LibraryBulk from "./LibraryBulk.js"
import {
  alreadySaved,
  countLine,
  filters,
  type Found,
  nextPage,
  rows,
  type SaveForm,
  saveForm
} from "./LibraryParts.js"
import { href, type Query, queryOf, rangeOf } from "./LibraryQuery.js"
import * as ListsSidebar from "./ListsSidebar.js"
import * as QueryProblem from "./QueryProblem.js"

export const pageSize = 30
// The query and the page's parts live in their own modules; these two are read by other pages from here.
export { tagList, typeLabels } from "./LibraryParts.js"

/** The bookmark page's status line (the same words as the cards'). */
export const statusLine = (b: Bookmark.Bookmark, zone: string, now: number) => Status.line(b, zone, now)
const empty: Found = { cards: [], nextBefore: null, nextOffset: null }

const fetchPage = (req: Authed, query: Query) =>
  Effect.gen(function*() {
    const range = rangeOf(query, req.zone)
    if (range.problem !== undefined) return { found: empty, problem: range.problem }
    const cursor = req.url.searchParams.get("before") ?? undefined
    const cursorMs = cursor === undefined ? Number.NaN : Date.parse(cursor)
    // The end of the range and the page's cursor are both "before": the earlier one wins.
    const before = range.until !== undefined && (cursor === undefined || range.until < cursorMs)
      ? new Date(range.until).toISOString()
      : cursor
    const offset = Number(req.url.searchParams.get("offset") ?? "0")
    const page = yield* Outcome.orInvalid(libraryPage(req.me.account.id, {
      limit: String(pageSize),
      ...(before === undefined ? {} : { before }),
      ...(query.q.trim() === "" ? {} : { q: query.q }),
      ...(query.tag.trim() === "" ? {} : { tag: query.tag }),
      ...(query.type === "" ? {} : { type: query.type })
    }, {
      order: query.sort,
      ...(range.since === undefined ? {} : { since: range.since }),
      ...(Number.isSafeInteger(offset) && offset > 0 ? { offset } : {})
    }))
    const found: Found = page._tag === "Success" ? page.success : empty
    const queryProblem = page._tag === "Failure" && QueryProblem.isQueryProblem(page.failure) ? page.failure : undefined
    const problem = page._tag === "Failure" && queryProblem === undefined ? Outcome.message(page.failure) : undefined
    return { found, problem, queryProblem }
  })

const contextOf = (req: Authed, query: Query, now: number): Cards.Context => ({
  zone: req.zone,
  now,
  back: href(query)
})

const render = (req: Authed, form: SaveForm, status = 200) =>
  Effect.gen(function*() {
    const query = queryOf(req.url)
    const { found, problem, queryProblem } = yield* fetchPage(req, query)
    const context = contextOf(req, query, yield* Clock.currentTimeMillis)
    if (req.htmx && req.url.searchParams.get("partial") === "rows") {
      return Responses.htmlPage(req, rows(found, query, context))
    }
    const filtered = query.q !== "" || query.tag !== "" || query.type !== "" || query.from !== "" || query.to !== ""
    const broken = query.q.trim() === ListsSidebar.brokenQuery
    const results = queryProblem !== undefined
      ? QueryProblem.render(query.q, queryProblem)
      : html`<h2 class="visually-hidden" id="results-heading">Bookmarks</h2>
<ul id="results" class="results ${query.view}" aria-labelledby="results-heading">${rows(found, query, context)}${
        found.cards.length === 0
          ? html`<li class="empty-state">${
            broken
              ? "No broken links: every link checked so far answers."
              : filtered
              ? "Nothing matches."
              : "Your library is empty. Save a page above."
          }</li>`
          : ""
      }</ul>`
    const aside = yield* ListsSidebar.render(req, broken ? "broken" : "all")
    const lists = yield* LibraryBulk.listsFor(req)
    const bulkDone = yield* BulkProgress.find(req, req.url.searchParams.get("bulk"))
    // "All matching" is the search the server can run again: not offered with the page's own date range.
    const matching = query.from === "" && query.to === "" && found.cards.length > 0
    const bulkBar = queryProblem !== undefined || found.cards.length === 0
      ? ""
      : LibraryBulk.bar(req, { q: query.q, tag: query.tag, type: query.type }, lists, {
        back: href(query),
        matching
      })
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: broken ? "Broken links" : "Library", section: "library", aside },
        html`
${
          broken
            ? html`<h1>Broken links</h1>
<p class="muted">Pages that are gone (404 or 410) or did not answer on several checks in a row. Open one to read
its archived copy.</p>`
            : html`<h1>Library</h1>`
        }
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${alreadySaved(req.url.searchParams.get("already"))}
${bulkDone === undefined ? "" : LibraryBulk.resultLine(bulkDone)}
${saveForm(req, form)}
${filters(query)}
${GeneratedTags.libraryForm(req, query.tag, found.cards.map((card) => card.bookmark))}
<div id="results-area">
${Layout.notice(problem, "error")}
${countLine(found.cards.length, nextPage(found) !== undefined, filtered)}
${bulkBar}
${results}
</div>`
      ),
      { status }
    )
  })

export const show = (req: Authed) => render(req, {})

/** `/save?url=…` (the bookmarklet): the library with the address in the form, saved only when Save is pressed. */
export const bookmarkletPrefilled = (req: Authed) =>
  render(req, { url: (req.url.searchParams.get("url") ?? "").slice(0, 4096), open: true })

/** The library with the save form filled in and open (the share target, pages/SharePage.ts). */
export const prefilled = (req: Authed, form: { readonly url: string; readonly note: string }) =>
  render(req, { ...form, open: true })

/** What people type: `example.com/page` means `https://example.com/page` (a scheme given is kept as typed). */
export const withScheme = (url: string): string => {
  const trimmed = url.trim()
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("/")) return trimmed
  return `https://${trimmed}`
}

/** In place (htmx): a line and the new card at the top of the results; a refusal is a line too, the form kept. */
const savedInPlace = (req: Authed, id: string, url: string, already?: string) =>
  Effect.gen(function*() {
    const card = yield* bookmarkCard(req.me.account.id, id)
    const context = contextOf(req, queryOf(new URL("/", req.url)), yield* Clock.currentTimeMillis)
    return Responses.htmlPage(
      req,
      html`${Layout.notice(`Saved ${url}. Its title, summary and picture appear in a moment.`)}${
        alreadySaved(already ?? null)
      }<ul hx-swap-oob="afterbegin:#results">${Cards.card(card, context)}</ul>`
    )
  })

export const save = (req: Authed) =>
  Effect.gen(function*() {
    const form = {
      url: withScheme(Forms.field(req.form, "url")),
      tags: Forms.field(req.form, "tags"),
      note: Forms.field(req.form, "note")
    }
    // Asked before the save: a save is never refused for it (the API is not idempotent), the person is told.
    const earlier = form.url.trim() === "" ? [] : yield* savedAlready(req.me.account.id, form.url, 1)
    const saved = yield* Outcome.orInvalid(saveBookmark(req.me.account.id, form, "app"))
    if (saved._tag === "Success") {
      const [first] = earlier
      return req.htmx
        ? yield* savedInPlace(req, saved.success.id, saved.success.url, first?.id)
        : Responses.redirect(
          first === undefined ? "/?notice=saved" : `/?notice=saved&already=${encodeURIComponent(first.id)}`
        )
    }
    const error = Outcome.message(saved.failure, { url: "URL" })
    // htmx swaps only 2xx answers: the refusal is shown in the form's status line (role=alert) instead.
    if (req.htmx) return Responses.htmlPage(req, html`${Layout.notice(error, "error")}`)
    return yield* render(req, { ...form, error }, 400)
  })
