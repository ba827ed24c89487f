/**
 * Use case: the readable text of a saved page, in chunks an assistant can take one at a time (docs/mcp.md).
 * Offsets count UTF-16 code units, as JavaScript strings do; a chunk never ends inside a surrogate pair.
 */
import { Effect, Either, Schema } from "effect"
import * as Bookmark from "../Bookmark.js"
import { InvalidInput } from "../Errors.js"
import { BookmarkId, type AccountId } from "../Ids.js"
import { ownedRecord } from "./GetBookmark.js"

/** About 5,000 tokens of English: enough context per call, small enough for any assistant's window. */
export const chunkLength = 20_000

export const BookmarkContent = Schema.Struct({
  id: BookmarkId,
  url: Schema.String,
  title: Schema.String,
  status: Bookmark.Status,
  offset: Schema.Int,
  totalLength: Schema.Int,
  text: Schema.String,
  nextOffset: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "BookmarkContent" })
export type BookmarkContent = typeof BookmarkContent.Type

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

/** Where the chunk from `offset` ends: `chunkLength` on, pulled back one unit rather than split a pair. */
export const chunkEnd = (text: string, offset: number, length: number = chunkLength): number => {
  const end = Math.min(text.length, offset + length)
  return end < text.length && end > offset + 1 && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end
}

const checkOffset = (offset: number, total: number) =>
  Number.isInteger(offset) && offset >= 0 && offset <= total
    ? Either.right(offset)
    : Either.left(new InvalidInput({ field: "offset", reason: `must be an integer from 0 to ${total}` }))

export const readBookmarkContent = Effect.fn("ReadBookmarkContent")(function*(
  accountId: AccountId,
  id: string,
  offset: number
) {
  const record = yield* ownedRecord(accountId, id)
  const text = record.pageText
  const start = yield* checkOffset(offset, text.length)
  const end = chunkEnd(text, start)
  const content: BookmarkContent = {
    id: record.id,
    url: record.url,
    title: Bookmark.effective(record).title,
    status: record.status,
    offset: start,
    totalLength: text.length,
    text: text.slice(start, end),
    nextOffset: end < text.length ? end : null
  }
  return content
})
