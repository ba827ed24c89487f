/**
 * Highlights in the web app (docs/reading.md, "Highlights"): the All highlights page (newest first, searched by
 * words, filtered by tag or list, paged by cursor), the forms of the reader's toolbar and list (create, recolour and
 * annotate, delete; each answers with a redirect back to the reader), and one bookmark's highlights as Markdown.
 */
import {
  Bookmark,
  bookmarkHighlightsMarkdown,
  createHighlight,
  deleteHighlight,
  type Errors,
  Highlight,
  highlightPage,
  listLists,
  listMembers,
  ownedHighlight,
  sourcesOf,
  updateHighlight
} from "@bookmark-library/domain"
import { Effect, Option, Result, Schema } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import * as Security from "../Security.js"
import type { Authed } from "../WebRequest.js"
import { colourName } from "./HighlightsPanel.js"

const readerPath = (bookmarkId: string) => `/bookmarks/${encodeURIComponent(bookmarkId)}/read`

/** A refused form: the reason, and the way back. */
const refused = (req: Authed, e: Errors.InvalidInput, back: string) =>
  Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Highlight not saved", section: "highlights" },
      html`<div class="narrow"><h1>Highlight not saved</h1><p role="alert" class="error-text">${
        Outcome.message(e, { exact: "Passage", colour: "Colour", note: "Note" })
      }</p><p><a href="${back}">Back to the article</a></p></div>`
    ),
    { status: 400 }
  )

const colourOf = (text: string): Highlight.Colour | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(Highlight.Colour)(text))

const integer = (text: string) => (/^\d{1,15}$/u.test(text) ? Number(text) : -1)

export const create = (req: Authed) =>
  Effect.gen(function*() {
    const bookmarkId = req.params["id"] ?? ""
    // A form sends its values' line breaks as CRLF (HTML's form encoding); the anchor was taken with the text's own.
    const f = (name: string) => Forms.field(req.form, name).replace(/\r\n/gu, "\n")
    const colour = colourOf(f("colour"))
    const outcome = yield* Outcome.orInvalid(createHighlight(req.me.account.id, bookmarkId, {
      exact: f("exact"),
      prefix: f("prefix"),
      suffix: f("suffix"),
      start: integer(f("start")),
      end: integer(f("end")),
      note: f("note"),
      ...(colour === undefined ? {} : { colour })
    }))
    if (Result.isFailure(outcome)) return refused(req, outcome.failure, readerPath(bookmarkId))
    return Responses.redirect(`${readerPath(bookmarkId)}#hl-${outcome.success.id}`)
  })

export const edit = (req: Authed) =>
  Effect.gen(function*() {
    const id = req.params["id"] ?? ""
    const found = yield* ownedHighlight(req.me.account.id, id)
    const colour = colourOf(Forms.field(req.form, "colour"))
    const outcome = yield* Outcome.orInvalid(updateHighlight(req.me.account.id, id, {
      note: Forms.field(req.form, "note"),
      ...(colour === undefined ? {} : { colour })
    }))
    if (Result.isFailure(outcome)) return refused(req, outcome.failure, readerPath(found.bookmarkId))
    return Responses.redirect(`${readerPath(found.bookmarkId)}#hl-${id}`)
  })

export const remove = (req: Authed) =>
  Effect.gen(function*() {
    const id = req.params["id"] ?? ""
    const found = yield* ownedHighlight(req.me.account.id, id)
    yield* deleteHighlight(req.me.account.id, id)
    return Responses.redirect(`${readerPath(found.bookmarkId)}#highlights`)
  })

/** `/bookmarks/:id/highlights.md`: a download named after the bookmark's id (nothing else from the request). */
export const markdown = (req: Authed) =>
  Effect.map(
    bookmarkHighlightsMarkdown(req.me.account.id, req.params["id"] ?? ""),
    (text) =>
      HttpServerResponse.text(text, {
        contentType: "text/markdown; charset=utf-8",
        headers: {
          ...Security.headers([]),
          "content-disposition": `attachment; filename="highlights-${
            (req.params["id"] ?? "").replace(/[^A-Za-z0-9_-]/gu, "")
          }.md"`,
          "cache-control": "private, no-store"
        }
      })
  )

/** The All highlights page. */
export const show = (req: Authed) =>
  Effect.gen(function*() {
    const params = req.url.searchParams
    const q = params.get("q") ?? ""
    const tag = params.get("tag") ?? ""
    const list = params.get("list") ?? ""
    const lists = (yield* listLists(req.me.account.id)).lists
    const only = list === "" ? Option.none() : Option.some((yield* listMembers(req.me.account.id, list)).ids)
    const outcome = yield* Outcome.orInvalid(highlightPage(req.me.account.id, {
      q,
      tag,
      limit: "30",
      before: params.get("before") ?? undefined
    }, only))
    const filters = { ...(q === "" ? {} : { q }), ...(tag === "" ? {} : { tag }), ...(list === "" ? {} : { list }) }
    const records = Result.isSuccess(outcome) ? outcome.success.records : []
    const next = Result.isSuccess(outcome) ? outcome.success.page.nextBefore : null
    const sources = yield* sourcesOf(records)
    const filtered = q !== "" || tag !== "" || list !== ""
    const body = html`
<h1>Highlights</h1>
<form class="filters" role="search" method="get" action="/highlights">
<div class="search"><label for="highlight-q">Search highlights</label><input id="highlight-q" name="q" type="search" value="${q}"></div>
<div><label for="highlight-tag">Tag</label><input id="highlight-tag" name="tag" type="text" value="${tag}"></div>
<div><label for="highlight-list">List</label><select id="highlight-list" name="list"><option value="">Any list</option>${
      lists.map((l) => html`<option value="${l.id}"${l.id === list ? html` selected` : ""}>${l.name}</option>`)
    }</select></div>
<button type="submit" class="quiet">Find</button>
</form>
${
      Result.isFailure(outcome)
        ? html`<p role="alert" class="error-text">${Outcome.message(outcome.failure, { q: "Search" })}</p>`
        : ""
    }
<p class="small"><a href="/export?format=markdown">Export all highlights as Markdown</a></p>
${
      records.length === 0
        ? html`<p class="empty-state">${
          filtered
            ? "No highlight matches."
            : "No highlights yet. Open a bookmark in the reader and select text to highlight it."
        }</p>`
        : html`<ol class="highlight-items highlights-list">${
          records.map((h) => {
            const source = sources.get(h.bookmarkId)
            const title = source === undefined
              ? "A deleted bookmark"
              : Format.title({ title: Bookmark.effective(source).title, url: source.url, type: "website" })
            return html`<li class="highlight-item swatch-${h.colour}">
<p class="source"><a href="${readerPath(h.bookmarkId)}#hl-${h.id}">${title}</a></p>
<blockquote>${h.exact}</blockquote>
${h.note === "" ? "" : html`<p class="note">${h.note}</p>`}
<p class="highlight-meta"><span>${colourName(h.colour)}</span><span>${Format.date(h.createdAt, req.zone)}</span>${
              source === undefined || source.url === "" ? "" : html`<span>${Format.host(source.url)}</span>`
            }</p>
</li>`
          })
        }</ol>`
    }
${
      next === null
        ? ""
        : html`<nav class="pager" aria-label="Pages of highlights"><p><a rel="next" href="/highlights?${
          new URLSearchParams({ ...filters, before: next }).toString()
        }">Older highlights</a></p></nav>`
    }`
    return Responses.htmlPage(req, Layout.page(req, { title: "Highlights", section: "highlights" }, body))
  })
