/** Port: highlights of bookmarks' readable text, with their notes (docs/reading.md, "Highlights"). */
import { Context, type Option } from "effect"
import type * as Highlight from "../Highlight.js"
import type { AccountId, BookmarkId, HighlightId } from "../Ids.js"
import type { Storage } from "./Storage.js"

/** A page of the account's highlights, newest first (`Highlight.newestFirst`), strictly after `before`. */
export interface HighlightPageQuery {
  readonly before: Option.Option<Highlight.Cursor>
  readonly limit: number
  /** Words that must all occur (as whole words, case ignored) in the quote, the note or the bookmark's title. */
  readonly words: ReadonlyArray<string>
  /** Only highlights of bookmarks carrying this effective tag (case ignored). */
  readonly tag: Option.Option<string>
  /** Only highlights of these bookmarks (a list's members). */
  readonly bookmarkIds: Option.Option<ReadonlyArray<BookmarkId>>
}

export class Highlights extends Context.Service<Highlights, {
  /**
   * Inserts unless the bookmark has `max` highlights already ("full") or is not the highlight's account's
   * ("missing").
   */
  readonly insert: (highlight: Highlight.Record, max: number) => Storage<"inserted" | "full" | "missing">
  readonly get: (id: HighlightId) => Storage<Option.Option<Highlight.Record>>
  /** Writes the colour, the note and `updatedAt`; false when it is gone. */
  readonly update: (highlight: Highlight.Record) => Storage<boolean>
  readonly delete: (id: HighlightId) => Storage<boolean>
  /** Every highlight of the bookmark by `start`, then `createdAt`. */
  readonly ofBookmark: (bookmarkId: BookmarkId) => Storage<ReadonlyArray<Highlight.Record>>
  /** How many highlights each of the bookmarks has (absent: none). */
  readonly counts: (bookmarkIds: ReadonlyArray<BookmarkId>) => Storage<ReadonlyMap<BookmarkId, number>>
  readonly page: (accountId: AccountId, query: HighlightPageQuery) => Storage<ReadonlyArray<Highlight.Record>>
}>()("Highlights") {}
