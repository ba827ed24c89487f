/** Port: the library of bookmarks. */
import { Context, type Option } from "effect"
import type * as Archive from "../Archive.js"
import type * as Bookmark from "../Bookmark.js"
import type { AccountId, BookmarkId } from "../Ids.js"
import type * as Import from "../Import.js"
import type * as LinkHealth from "../LinkHealth.js"
import type { ListQuery } from "../Pagination.js"
import type * as TagEdits from "../TagEdits.js"
import type { TagCount } from "../Tags.js"
import type { Storage } from "./Storage.js"

/** A new bookmark; storage assigns `createdAt` from `now` by the rule of `CreatedAt.next`. */
export type NewBookmark = Omit<Bookmark.Record, "createdAt"> & { readonly now: number }

/** What enrichment writes. */
export interface Enrichment {
  readonly derived: Bookmark.Derived
  readonly processingError: string
  readonly pageText: string
  /** The readable part as Markdown; absent or "" when the page gives none. */
  readonly pageMarkdown?: string
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

/** A claim of links due for a check (docs/preservation.md, "Link health"). */
export interface LinkCheckClaim {
  readonly now: number
  /** A bookmark never checked is first due this long after it was saved (the check interval). */
  readonly firstAfter: number
  /** Claimed links are due again after this long, so a checker that died lets another take them later. */
  readonly lease: number
  readonly max: number
}

/** A bookmark with how many highlights it has, read together in one statement. */
export interface WithHighlights {
  readonly record: Bookmark.Record
  readonly highlights: number
}

export class Bookmarks extends Context.Service<Bookmarks, {
  /** Inserts with `createdAt` unique and strictly increasing per account. */
  readonly insert: (bookmark: NewBookmark) => Storage<Bookmark.Record>
  readonly get: (id: BookmarkId) => Storage<Option.Option<Bookmark.Record>>
  /**
   * As `get`, with the bookmark's highlight count read by the same statement: `GET /bookmarks/:id` shows the count,
   * and a second query for it would be one more round trip on the hottest read.
   */
  readonly getWithHighlights: (id: BookmarkId) => Storage<Option.Option<WithHighlights>>
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
   * Inserts a batch of imported bookmarks of one account. With `skip`, duplicates (ImportItem.duplicateKey) are
   * left out: an item whose URL (or, for a text note, whose text) is already in the library, or repeats an earlier
   * item of the batch; with `keep`, every item is inserted.
   * `createdAt` of each is its `wantedAt` made unique per account; later saves still get a later `createdAt`.
   */
  readonly insertImported: (
    accountId: AccountId,
    items: ReadonlyArray<ImportedBookmark>,
    duplicates: Import.Duplicates
  ) => Storage<ImportedBatch>
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
  /**
   * `restart` with a new archive (a copy from the person's browser, docs/preservation.md "Copies from the browser"):
   * back to `processing` with `derived.archive` replaced; none when processing already or missing.
   */
  readonly restartWithArchive: (id: BookmarkId, archive: Archive.Archive) => Storage<Option.Option<Bookmark.Record>>
  /**
   * Applies a library-wide tag edit (`TagEdits.applyToRecord`) to every bookmark of the account carrying one of
   * `edit.from`, in one transaction; returns how many bookmarks changed.
   */
  readonly retag: (accountId: AccountId, edit: TagEdits.Retag) => Storage<number>
  /**
   * Applies a bulk tag change (`TagEdits.applyChange`) to the account's bookmarks among `ids`, locked and written in
   * one transaction (a set-based write: bulk actions, docs/lists.md). Answers which ids were the account's
   * (`found`) and which of those were left as they were because they would pass the tag limit (`full`).
   */
  readonly editTags: (
    accountId: AccountId,
    ids: ReadonlyArray<BookmarkId>,
    change: TagEdits.TagChange
  ) => Storage<{ readonly found: ReadonlyArray<BookmarkId>; readonly full: ReadonlyArray<BookmarkId> }>
  /** Removes the bookmark and its jobs; false when it did not exist. */
  readonly delete: (id: BookmarkId) => Storage<boolean>
  /** Sets the person's states (favourite, archived); a state left out keeps its value. None when it does not exist. */
  readonly setStates: (id: BookmarkId, states: Bookmark.States) => Storage<Option.Option<Bookmark.Record>>
  /**
   * The account's bookmarks whose URL has the canonical form of `url` (CanonicalUrl.canonical), newest first, at
   * most `limit`; none for a text note or a URL without a canonical form.
   */
  readonly sameUrl: (accountId: AccountId, url: string, limit: number) => Storage<ReadonlyArray<Bookmark.Record>>
  /**
   * Groups of the account's duplicates (`Duplicates.groups`: same canonical URL or same content, each oldest first),
   * the group with the newest bookmark first, at most `limit` groups.
   */
  readonly duplicateGroups: (
    accountId: AccountId,
    limit: number
  ) => Storage<ReadonlyArray<ReadonlyArray<Bookmark.Record>>>
  /**
   * In one transaction: keeps the earliest of `ids` as `Duplicates.merged` makes it and removes the others (their
   * jobs with them). None, and nothing changed, when any of them is missing or another account's.
   */
  readonly merge: (
    accountId: AccountId,
    ids: ReadonlyArray<BookmarkId>
  ) => Storage<Option.Option<{ readonly kept: Bookmark.Record; readonly removed: ReadonlyArray<Bookmark.Record> }>>
  /**
   * Claims, across every account, at most `max` ready bookmarks with a URL whose link check is due (never checked
   * and saved at least `firstAfter` ago, or due by an earlier record or postponement), making them due again at
   * `now + lease`; two claims never hand out the same bookmark while its lease runs.
   */
  readonly claimLinkChecks: (claim: LinkCheckClaim) => Storage<ReadonlyArray<LinkHealth.Due>>
  /** Keeps a check's outcome and when the link is due next; false when the bookmark is gone. */
  readonly recordLinkCheck: (id: BookmarkId, health: LinkHealth.Health, nextAt: number) => Storage<boolean>
  /** Makes the link due at `at` without judging it (a `Retry-After`, a host's pace). */
  readonly postponeLinkCheck: (id: BookmarkId, at: number) => Storage<void>
}>()("Bookmarks") {}
