/**
 * Use case: a bookmark as a reader view (docs/reading.md): the readable article of its archived copy, sanitised,
 * with its images served from our asset store; else its extracted text as paragraphs. Derived once per copy and
 * kept (ReaderCache.ts): later views read one small asset.
 */
import { Effect, Option } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import { Links } from "../../ports/Links.js"
import { ownedRecord } from "../bookmarks/OwnedBookmark.js"
import * as ReaderCache from "./ReaderCache.js"

export interface ReaderView {
  readonly bookmark: Bookmark.Bookmark
  /** Sanitised markup (from the archived copy) or our own (paragraphs of escaped text); "" when there is none. */
  readonly html: string
  readonly words: number
  /** Where the article came from: the archived copy, the text kept at enrichment, or nothing to read. */
  readonly source: "copy" | "text" | "none"
}

/** Words a minute of an adult reading on a screen, for the estimate. */
export const wordsPerMinute = 230

export const readingMinutes = (words: number): number => Math.max(1, Math.round(words / wordsPerMinute))

/** The kinds that read as text; images, videos, PDFs and notes have their own views. */
export const readable = (type: Bookmark.Bookmark["type"]): boolean => type === "article" || type === "website"

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : `&#${c.charCodeAt(0)};`)
  )

const countWords = (text: string): number => text.split(/\s+/u).filter((w) => w !== "").length

/** The text kept at enrichment (blocks separated by a blank line, Blocks.ts) as paragraphs of escaped text. */
export const textAsHtml = (text: string): string =>
  text.split(/\n{2,}/u).map((block) => block.trim()).filter((block) => block !== "")
    .map((block) => `<p>${block.split("\n").map(escape).join("<br>")}</p>`).join("\n")

/** The manifest's images named by their links (the only place a `src` enters the article). */
const withImages = (manifest: ReaderCache.Manifest, links: Links["Service"]): string =>
  manifest.html.replace(/<img data-reader-image="(\d+)"/g, (_, n) => {
    const id = manifest.images[Number(n)]
    return id === undefined ? "<img" : `<img src="${escape(links.asset(id))}"`
  })

const plain = (html: string): string =>
  html.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, "\"")
    .replace(/\s+/g, " ").trim().toLowerCase()

/**
 * The article without its first heading when that repeats the bookmark's title, which the page shows above it
 * (the extractor drops it too, when it can tell the page's title; a page's `<title>` is not always that).
 */
export const withoutTitle = (html: string, title: string): string => {
  const first = /^(?:\s|<div>|<section>|<header>)*<(h[2-6])>([\s\S]*?)<\/\1>/.exec(html)
  if (first === null || plain(first[2] ?? "") === "" || plain(first[2] ?? "") !== plain(title)) return html
  const tag = `<${first[1] ?? ""}>${first[2] ?? ""}</${first[1] ?? ""}>`
  return html.slice(0, first[0].length - tag.length) + html.slice(first[0].length)
}

export const readerView = Effect.fnUntraced(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  const links = yield* Links
  const bookmark = Bookmark.present(record, links)
  const none: ReaderView = { bookmark, html: "", words: 0, source: "none" }
  if (!readable(bookmark.type)) return none
  const copy = Bookmark.copyAsset(record)
  if (copy !== undefined && record.derived.archive?.copy?.contentType.startsWith("text/html") === true) {
    const cached = yield* ReaderCache.load(copy)
    const manifest = Option.isSome(cached) ? cached : yield* ReaderCache.derive(record.accountId, copy, record.url)
    if (Option.isSome(manifest) && manifest.value.html !== "") {
      const view: ReaderView = {
        bookmark,
        html: withoutTitle(withImages(manifest.value, links), bookmark.title),
        words: manifest.value.words,
        source: "copy"
      }
      return view
    }
  }
  if (record.pageText.trim() === "") return none
  const view: ReaderView = {
    bookmark,
    html: textAsHtml(record.pageText),
    words: countWords(record.pageText),
    source: "text"
  }
  return view
})
