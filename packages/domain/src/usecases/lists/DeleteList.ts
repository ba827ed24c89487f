/** Use case: delete a list. Its bookmarks stay in the library; its sublists move up to its parent. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import type * as List from "../../List.js"
import { Lists } from "../../ports/Lists.js"
import { ownedList } from "./OwnedList.js"

export const deleteList = Effect.fn("DeleteList")(function*(accountId: AccountId, id: string) {
  const list = yield* ownedList(accountId, id)
  const lists = yield* Lists
  yield* lists.delete(list.id)
  const deleted: typeof List.Deleted.Type = { ok: true }
  return deleted
})
