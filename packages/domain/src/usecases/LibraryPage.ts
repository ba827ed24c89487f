/** Use case of the web app: a page of the library like `listBookmarks`, each bookmark in full (screenshot, status reason). */
import { Effect } from "effect"
import * as Bookmark from "../Bookmark.js"
import type { AccountId } from "../Ids.js"
import { Links } from "../Links.js"
import * as Pagination from "../Pagination.js"
import { Bookmarks } from "../ports/Bookmarks.js"

export const libraryPage = Effect.fn("LibraryPage")(function*(accountId: AccountId, params: Pagination.ListParams) {
  const query = yield* Pagination.parseListQuery(params)
  const bookmarks = yield* Bookmarks
  const fetched = yield* bookmarks.list(accountId, { ...query, limit: query.limit + 1 })
  const { nextBefore, rows } = Pagination.page(fetched, query.limit)
  const links = yield* Links
  return { bookmarks: rows.map((row) => Bookmark.present(row, links)), nextBefore }
})
