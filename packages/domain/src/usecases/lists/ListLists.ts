/** Use case: the account's lists, depth first, with their counts. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import * as List from "../../List.js"
import { Lists } from "../../ports/Lists.js"

export const listLists = Effect.fn("ListLists")(function*(accountId: AccountId) {
  const lists = yield* Lists
  const all = yield* lists.list(accountId)
  const answer: List.ListOfLists = { lists: List.tree(all).map(({ list }) => List.present(list)) }
  return answer
})
