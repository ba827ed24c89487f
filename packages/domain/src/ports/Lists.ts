/** Port: named, nestable lists of bookmarks and which bookmarks each holds (docs/lists.md). */
import { Context, type Option } from "effect"
import type * as Bookmark from "../Bookmark.js"
import type { AccountId, BookmarkId, ListId } from "../Ids.js"
import type * as List from "../List.js"
import type { Storage } from "./Storage.js"

/** A page of a list: bookmarks strictly older than `before`, newest first. */
export interface ListPageQuery {
  readonly before: Option.Option<number>
  readonly limit: number
}

export class Lists extends Context.Service<Lists, {
  /** Inserts unless the account has `max` lists already or a list of the same name ignoring case (`List.nameKey`). */
  readonly insert: (list: List.Record, max: number) => Storage<"inserted" | "full" | "taken">
  readonly get: (id: ListId) => Storage<Option.Option<List.Record>>
  /** Every list of the account with the number of bookmarks directly in it, in `List.byName` order. */
  readonly list: (accountId: AccountId) => Storage<ReadonlyArray<List.Summary>>
  /**
   * The account's list of that name, ignoring case. The search language's `list:"Name"` resolves names this way
   * (docs/lists.md, "For the search language").
   */
  readonly findByName: (accountId: AccountId, name: string) => Storage<Option.Option<List.Record>>
  /** Writes the name and the parent; "taken" when another list of the account has the name. */
  readonly update: (list: List.Record) => Storage<"updated" | "taken" | "missing">
  /** Removes the list and its memberships; its sublists move up to its parent. Bookmarks are never touched. */
  readonly delete: (id: ListId) => Storage<boolean>
  /** Adds bookmarks of the list's own account (others are ignored); returns how many joined (not already in it). */
  readonly add: (id: ListId, bookmarkIds: ReadonlyArray<BookmarkId>, at: number) => Storage<number>
  /** Takes bookmarks out of the list; returns how many were in it. */
  readonly remove: (id: ListId, bookmarkIds: ReadonlyArray<BookmarkId>) => Storage<number>
  /**
   * The list's bookmarks by their `createdAt`, newest first (the library's cursor). Rows may come back with
   * `pageText` empty, as in `Bookmarks.list`.
   */
  readonly page: (id: ListId, query: ListPageQuery) => Storage<ReadonlyArray<Bookmark.Record>>
  /** The lists holding the bookmark. */
  readonly listsOf: (bookmarkId: BookmarkId) => Storage<ReadonlyArray<ListId>>
  /** Every bookmark id in any of the lists (the search language's `list:` operator; export). */
  readonly memberIds: (ids: ReadonlyArray<ListId>) => Storage<ReadonlyArray<BookmarkId>>
}>()("Lists") {}
