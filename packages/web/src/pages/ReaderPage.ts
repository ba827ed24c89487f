/**
 * The reader view of a bookmark (docs/reading.md): the article alone in a comfortable measure, light or dark
 * (following the system, switchable), text size adjustable, reading time, the original and the archived copy one
 * click away, the reading position kept, and **Done** at the end marking the bookmark read. Its script
 * (`ReaderScript.ts`) and stylesheet (`ReaderStyles.ts`) are files of their own, loaded by this page only.
 */
import {
  Actor,
  type Bookmark,
  bookmarkHighlights,
  getBookmark,
  type Highlight,
  type ReaderView,
  readerView,
  readingMinutes,
  setBookmarkStates
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { type Html, html, raw } from "../Html.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import * as HighlightsPanel from "./HighlightsPanel.js"

const id = (req: Authed) => req.params["id"] ?? ""
const bookmarkPath = (b: Bookmark.Bookmark) => `/bookmarks/${encodeURIComponent(b.id)}`

/** The reader's path of a bookmark, linked from its page and its card. */
export const path = (b: Pick<Bookmark.Bookmark, "id">) => `/bookmarks/${encodeURIComponent(b.id)}/read`

/** Whether a bookmark offers a reader view (the page itself says when nothing readable was kept). */
export const offered = (b: Pick<Bookmark.Bookmark, "type" | "status">) =>
  b.status === "ready" && (b.type === "article" || b.type === "website")

const head = (req: Authed, title: string) => {
  const { assets } = req.settings
  // The reader's script is not deferred: it sets the chosen theme and size on <html> before the body is drawn.
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Reader · Bookmarks</title>
<meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,"historyCacheSize":0,"refreshOnHistoryMiss":true,"selfRequestsOnly":true}'>
<link rel="icon" href="${assets.icon.path}" type="image/svg+xml">
<meta name="theme-color" content="#2f5fd0">
<link rel="stylesheet" href="${assets.css.path}">
<link rel="stylesheet" href="${assets.readerCss.path}">
<script src="${assets.readerJs.path}"></script>
<script src="${assets.highlightJs.path}" defer></script>
<script src="${assets.htmx.path}" defer></script>
<script src="${assets.js.path}" defer></script>
</head>`
}

/** The bar above the article: back, original, archived copy, text size and theme (the last two need the script). */
const toolbar = (b: Bookmark.Bookmark) =>
  html`<header class="reader-bar">
<nav class="reader-nav" aria-label="Reader">
<a href="${bookmarkPath(b)}">← Bookmark</a>
${b.url === "" ? "" : html`<a href="${b.url}" rel="noopener noreferrer nofollow">Original ↗</a>`}
${b.archive === "" ? "" : html`<a href="${b.archive}" rel="noopener noreferrer" target="_blank">Archived copy</a>`}
</nav>
<div class="reader-tools" data-reader-tools hidden>
<button type="button" class="quiet" data-size-step="-1"><span aria-hidden="true">A−</span><span class="visually-hidden">Smaller text</span></button>
<button type="button" class="quiet" data-size-step="1"><span aria-hidden="true">A+</span><span class="visually-hidden">Larger text</span></button>
<button type="button" class="quiet" data-theme-next><span aria-hidden="true" data-theme-icon>◐</span> <span data-theme-label>Auto</span><span class="visually-hidden"> theme</span></button>
</div>
<progress class="reader-progress" id="reader-progress" max="1" value="0" aria-label="Read so far"></progress>
</header>`

const byline = (req: Authed, view: ReaderView) => {
  const b = view.bookmark
  const site = Format.host(b.url)
  const minutes = readingMinutes(view.words)
  return html`<p class="reader-meta">${site === "" ? "" : html`<span>${site}</span>`}${
    view.words === 0 ? "" : html`<span>${minutes} min read</span>`
  }<span>Saved ${Format.date(b.createdAt, req.zone)}</span></p>`
}

const done = (req: Authed, b: Bookmark.Bookmark) =>
  html`<footer class="reader-end" id="reader-end">
<p class="muted">${b.archived === true ? "You marked this read." : "The end."}</p>
${
    b.archived === true
      ? html`<a class="button quiet" href="/">Back to library</a>`
      : html`<form method="post" action="${path(b)}/done"><input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit">Done: mark as read</button></form>`
  }
</footer>`

const nothing = (b: Bookmark.Bookmark) =>
  html`<div class="reader-empty"><p>No readable text was kept for this page${
    b.status === "processing" ? " yet: it is still being fetched" : ""
  }.</p><p>${b.url === "" ? "" : html`<a href="${b.url}" rel="noopener noreferrer nofollow">Open the original</a>`}${
    b.archive === "" ? "" : html` or <a href="${b.archive}" rel="noopener noreferrer">the archived copy</a>`
  }.</p></div>`

/** The reader's document: its own shell (no app navigation), the article in `#reader-content`. */
const document = (req: Authed, view: ReaderView, highlights: ReadonlyArray<Highlight.Highlight>): Html => {
  const b = view.bookmark
  const title = Format.title(b)
  // `view.html` is the sanitiser's output (an archived copy) or paragraphs of escaped text (ReaderView.ts).
  return html`<!doctype html>
<html lang="en" class="reader-root">
${head(req, title)}
<body class="reader-page">
<a class="skip" href="#reader-content">Skip to the article</a>
${toolbar(b)}
<main id="main" class="reader" tabindex="-1">
<h1 class="reader-title">${title}</h1>
${byline(req, view)}
${
    view.source === "none"
      ? nothing(b)
      : html`<article id="reader-content" class="reader-content" data-bookmark-id="${b.id}">${raw(view.html)}</article>
${HighlightsPanel.panel(req, b.id, highlights)}${HighlightsPanel.toolbar(req, b.id)}`
  }
${
    view.source === "text"
      ? html`<p class="reader-source muted">Shown from the text kept when the page was saved.</p>`
      : ""
  }
${done(req, b)}
</main>
</body>
</html>`
}

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const view = yield* readerView(req.me.account.id, id(req))
    const { highlights } = yield* bookmarkHighlights(req.me.account.id, view.bookmark.id)
    return Responses.htmlPage(req, document(req, view, highlights))
  })

/** Done: the bookmark is marked read (archived, docs/search.md "States") and the library shown. */
export const finish = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    yield* Effect.ignore(setBookmarkStates(Actor.account(req.me.account.id), b.id, { archived: true }))
    return Responses.redirect("/?notice=archived")
  })
