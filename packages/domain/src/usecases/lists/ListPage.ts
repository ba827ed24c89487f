/** Use case: a page of a list's bookmarks, newest first, with the library's cursor. */
import { Effect, Option, Result } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Lists } from "../../ports/Lists.js"
import * as Text from "../../Text.js"
import * as Timestamp from "../../Timestamp.js"
import type { Page } from "../bookmarks/ListBookmarks.js"
import { ownedList } from "./OwnedList.js"

/** `limit` and `before`, as for `GET /bookmarks`. */
export const PageParams = Pagination.ListParams.mapFields(({ before, limit }) => ({ limit, before }))
export type PageParams = typeof PageParams.Type

const parse = (params: PageParams) =>
  Result.gen(function*() {
    const limit = yield* Pagination.parseLimit(
      params.limit === undefined ? undefined : yield* Text.check("limit", params.limit)
    )
    const before = params.before === undefined
      ? Option.none<number>()
      : Option.some(yield* Timestamp.parse("before", yield* Text.check("before", params.before)))
    return { limit, before }
  })

/** The records of a page (for faces that show more than the API's rows) and the cursor. */
export const listRecords = Effect.fn("ListRecords")(function*(accountId: AccountId, id: string, params: PageParams) {
  const query = yield* Effect.fromResult(parse(params))
  const list = yield* ownedList(accountId, id)
  const lists = yield* Lists
  const fetched = yield* lists.page(list.id, { ...query, limit: query.limit + 1 })
  return { list, ...Pagination.page(fetched, query.limit) }
})

export const listPage = Effect.fn("ListPage")(function*(accountId: AccountId, id: string, params: PageParams) {
  const { nextBefore, rows } = yield* listRecords(accountId, id, params)
  const page: Page = {
    bookmarks: rows.map(Bookmark.presentRow),
    nextBefore: nextBefore === null ? null : Timestamp.toIso(nextBefore)
  }
  return page
})
