/** Port: the library of bookmarks. */
import { Context, type Option } from "effect"
import type * as Bookmark from "../Bookmark.js"
import type { AccountId, BookmarkId } from "../Ids.js"
import type { ListQuery } from "../Pagination.js"
import type { Storage } from "./Storage.js"
import type { TagCount } from "../Tags.js"

/** A new bookmark; storage assigns `createdAt` from `now` by the rule of `CreatedAt.next`. */
export type NewBookmark = Omit<Bookmark.Record, "createdAt"> & { readonly now: number }

/** What enrichment writes. */
export interface Enrichment {
  readonly derived: Bookmark.Derived
  readonly processingError: string
  readonly pageText: string
}

/**
 * An imported bookmark: `wantedAt` is the file's date; storage makes it unique per account by moving it later
 * 1 ms at a time past every taken `createdAt` (CreatedAt.ts).
 */
export type ImportedBookmark = Omit<Bookmark.Record, "createdAt"> & { readonly wantedAt: number }

export interface ImportedBatch {
  readonly inserted: ReadonlyArray<Bookmark.Record>
  /** Indexes (into the batch) of the items skipped as duplicates. */
  readonly duplicates: ReadonlyArray<number>
}

export class Bookmarks extends Context.Tag("Bookmarks")<Bookmarks, {
  /** Inserts with `createdAt` unique and strictly increasing per account. */
  readonly insert: (bookmark: NewBookmark) => Storage<Bookmark.Record>
  readonly get: (id: BookmarkId) => Storage<Option.Option<Bookmark.Record>>
  /**
   * Newest first, at most `query.limit` rows strictly older than `before`, filtered by effective tag
   * (case-insensitive), type, exact (normalised) URL and full-text query over title, description, summary, tags,
   * note, URL and page text. A query without a searchable word (`++`) matches nothing.
   * Rows may come back with `pageText` empty: no list view shows it and it can be large.
   */
  readonly list: (accountId: AccountId, query: ListQuery) => Storage<ReadonlyArray<Bookmark.Record>>
  /**
   * The account's effective tags (`Bookmark.effective`), grouped ignoring case (`Tags.tagKey`) and
   * shown in the spelling of the newest bookmark carrying the tag, in `Tags.byUse` order.
   */
  readonly tags: (accountId: AccountId) => Storage<ReadonlyArray<TagCount>>
  /**
   * Inserts a batch of imported bookmarks of one account, skipping duplicates (ImportItem.duplicateKey): an item
   * whose URL (or, for a text note, whose text) is already in the library, or repeats an earlier item of the batch.
   * `createdAt` of each is its `wantedAt` made unique per account; later saves still get a later `createdAt`.
   */
  readonly insertImported: (accountId: AccountId, items: ReadonlyArray<ImportedBookmark>) => Storage<ImportedBatch>
  /** Writes derived fields and `status=ready`, only while the bookmark is `processing`; none otherwise. */
  readonly complete: (id: BookmarkId, enrichment: Enrichment) => Storage<Option.Option<Bookmark.Record>>
  /**
   * Records why enrichment is not finished yet (the last attempt's reason and when the next one runs) while the
   * bookmark stays `processing`; false when it is not processing (finished, or missing).
   */
  readonly pending: (id: BookmarkId, processingError: string) => Storage<boolean>
  /** Merges app edits into the overrides; none when the bookmark does not exist. */
  readonly edit: (id: BookmarkId, overrides: Bookmark.Overrides) => Storage<Option.Option<Bookmark.Record>>
  /** Back to `processing` (a refresh) unless it is processing already; none then or when it does not exist. */
  readonly restart: (id: BookmarkId) => Storage<Option.Option<Bookmark.Record>>
  /** Removes the bookmark and its jobs; false when it did not exist. */
  readonly delete: (id: BookmarkId) => Storage<boolean>
}>() {}
