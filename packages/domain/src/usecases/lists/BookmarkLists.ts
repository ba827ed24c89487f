/** Use case: the lists a bookmark of the account is in. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import * as List from "../../List.js"
import { Lists } from "../../ports/Lists.js"
import { ownedRecord } from "../bookmarks/OwnedBookmark.js"

export const bookmarkLists = Effect.fn("BookmarkLists")(function*(accountId: AccountId, bookmarkId: string) {
  const record = yield* ownedRecord(accountId, bookmarkId)
  const lists = yield* Lists
  const holding = new Set<string>(yield* lists.listsOf(record.id))
  const all = yield* lists.list(accountId)
  const answer: List.ListOfLists = {
    lists: List.tree(all).filter(({ list }) => holding.has(list.id)).map(({ list }) => List.present(list))
  }
  return answer
})
