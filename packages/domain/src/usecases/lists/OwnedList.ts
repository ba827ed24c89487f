/** Shared step: a list of the caller's account (unknown → NotFound, another account's → Forbidden). */
import { Effect, Option } from "effect"
import { Forbidden, NotFound } from "../../Errors.js"
import { type AccountId, isWellFormed, ListId } from "../../Ids.js"
import { Lists } from "../../ports/Lists.js"

export const ownedList = Effect.fn("Lists.owned")(function*(accountId: AccountId, id: string) {
  const missing = new NotFound({ resource: "list", id })
  if (!isWellFormed(id)) return yield* missing
  const lists = yield* Lists
  const found = yield* lists.get(ListId.make(id))
  if (Option.isNone(found)) return yield* missing
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "list", id })
  return found.value
})
