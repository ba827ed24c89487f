/**
 * Use case: the readable text of a saved page, in chunks an assistant can take one at a time (docs/mcp.md).
 * Offsets count UTF-16 code units, as JavaScript strings do; a chunk never ends inside a surrogate pair. As plain
 * text, or as the Markdown enrichment kept of the same readable part ("Content as Markdown" in docs/mcp.md).
 */
import { Effect, Result, Schema } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import { type AccountId, BookmarkId } from "../../Ids.js"
import { ownedRecord } from "./OwnedBookmark.js"

/** About 5,000 tokens of English: enough context per call, small enough for any assistant's window. */
export const chunkLength = 20_000

/** How the content is written: plain text blocks, or Markdown (headings, lists, links, tables, code). */
export const ContentFormat = Schema.Literals(["text", "markdown"])
export type ContentFormat = typeof ContentFormat.Type

export const BookmarkContent = Schema.Struct({
  id: BookmarkId,
  url: Schema.String,
  title: Schema.String,
  status: Bookmark.Status,
  /** What `text` is written in: "text" also when Markdown was asked for and none is kept (it stands in for it). */
  format: ContentFormat,
  offset: Schema.Int,
  totalLength: Schema.Int,
  text: Schema.String,
  nextOffset: Schema.NullOr(Schema.Int)
}).annotate({ identifier: "BookmarkContent" })
export type BookmarkContent = typeof BookmarkContent.Type

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

/** Where the chunk from `offset` ends: `chunkLength` on, pulled back one unit rather than split a pair. */
export const chunkEnd = (text: string, offset: number, length: number = chunkLength): number => {
  const end = Math.min(text.length, offset + length)
  return end < text.length && end > offset + 1 && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end
}

const checkOffset = (offset: number, total: number) =>
  Number.isInteger(offset) && offset >= 0 && offset <= total
    ? Result.succeed(offset)
    : Result.fail(new InvalidInput({ field: "offset", reason: `must be an integer from 0 to ${total}` }))

export const readBookmarkContent = Effect.fn("ReadBookmarkContent")(function*(
  accountId: AccountId,
  id: string,
  offset: number,
  format: ContentFormat = "text"
) {
  const record = yield* ownedRecord(accountId, id)
  // A page enriched before Markdown was kept, or one that gives none (a PDF, plain text), is read as its text:
  // blocks separated by blank lines are already Markdown paragraphs.
  const markdown = format === "markdown" ? record.pageMarkdown ?? "" : ""
  const served: ContentFormat = markdown === "" ? "text" : "markdown"
  const text = markdown === "" ? record.pageText : markdown
  const start = yield* Effect.fromResult(checkOffset(offset, text.length))
  const end = chunkEnd(text, start)
  const content: BookmarkContent = {
    id: record.id,
    url: record.url,
    title: Bookmark.effective(record).title,
    status: record.status,
    format: served,
    offset: start,
    totalLength: text.length,
    text: text.slice(start, end),
    nextOffset: end < text.length ? end : null
  }
  return content
})
