/** Use case: a page of the library, newest first, filtered and searched, with its cursor. */
import { Effect, Option, Schema } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IsoTimestamp, toIso } from "../../Timestamp.js"

export const Page = Schema.Struct({
  bookmarks: Schema.Array(Bookmark.ListRow).annotate({ description: "This page's bookmarks, newest first" }),
  nextBefore: Schema.NullOr(IsoTimestamp).annotate({
    description: "Pass as `before` for the next page; null when there are no more rows"
  })
}).annotate({ identifier: "BookmarkPage", description: "A page of the library" })
export type Page = typeof Page.Type

/** Untraced: on the read path of every `GET /bookmarks`, where a span per call costs more than the work. */
export const listBookmarks = Effect.fnUntraced(function*(accountId: AccountId, params: Pagination.ListParams) {
  const query = yield* Effect.fromResult(Pagination.parseListQuery(params))
  const same = yield* Effect.fromResult(Pagination.parseSame(params))
  const bookmarks = yield* Bookmarks
  if (Option.isSome(same)) {
    // The same page by canonical form (docs/search.md, "Duplicates"): the browser extension's "already saved".
    const rows = yield* bookmarks.sameUrl(accountId, same.value, query.limit)
    const samePage: Page = { bookmarks: rows.map(Bookmark.presentRow), nextBefore: null }
    return samePage
  }
  const fetched = yield* bookmarks.list(accountId, { ...query, limit: query.limit + 1 })
  const { nextBefore, rows } = Pagination.page(fetched, query.limit)
  const page: Page = {
    bookmarks: rows.map(Bookmark.presentRow),
    nextBefore: nextBefore === null ? null : toIso(nextBefore)
  }
  return page
})
