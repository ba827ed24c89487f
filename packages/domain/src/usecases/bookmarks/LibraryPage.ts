/** Use case of the web app: a page of the library like `listBookmarks`, each bookmark as a card (docs/web.md). */
import { Effect, Option } from "effect"
import * as BookmarkCard from "../../BookmarkCard.js"
import type { AccountId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Links } from "../../ports/Links.js"
import { ownedRecord } from "./OwnedBookmark.js"

/** The web app's own controls over a page: another order, a date bound, an offset (`Pagination.ListQuery`). */
export interface LibraryOptions {
  readonly order?: Pagination.ListOrder
  /** Epoch ms, inclusive. */
  readonly since?: number
  readonly offset?: number
}

/**
 * Newest first pages by the `before` cursor (`nextBefore`), as the API does; the other orders page by offset
 * (`nextOffset`), since their keys are not unique.
 */
export const libraryPage = Effect.fn("LibraryPage")(function*(
  accountId: AccountId,
  params: Pagination.ListParams,
  options: LibraryOptions = {}
) {
  const query = yield* Effect.fromResult(Pagination.parseListQuery(params))
  const bookmarks = yield* Bookmarks
  const order = options.order ?? "newest"
  const offset = order === "newest" ? 0 : Math.max(0, Math.floor(options.offset ?? 0))
  const fetched = yield* bookmarks.list(accountId, {
    ...query,
    limit: query.limit + 1,
    order,
    offset,
    since: options.since === undefined ? Option.none() : Option.some(options.since)
  })
  const { nextBefore, rows } = Pagination.page(fetched, query.limit)
  const links = yield* Links
  const more = fetched.length > query.limit
  return {
    cards: rows.map((row) => BookmarkCard.of(row, links)),
    nextBefore: order === "newest" ? nextBefore : null,
    nextOffset: order !== "newest" && more ? offset + query.limit : null
  }
})

/** One bookmark of the account as the web app's page shows it. */
export const bookmarkCard = Effect.fn("BookmarkCard")(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  return BookmarkCard.of(record, yield* Links)
})
