/** Use case: a list of the account named by its id or by its name (case ignored), as an assistant names it. */
import { Effect, Option } from "effect"
import { NotFound } from "../../Errors.js"
import { type AccountId, isWellFormed, ListId } from "../../Ids.js"
import { Lists } from "../../ports/Lists.js"
import { ownedList } from "./OwnedList.js"

export const findList = Effect.fn("FindList")(function*(accountId: AccountId, idOrName: string) {
  const lists = yield* Lists
  if (isWellFormed(idOrName) && Option.isSome(yield* lists.get(ListId.make(idOrName)))) {
    return yield* ownedList(accountId, idOrName)
  }
  const named = yield* lists.findByName(accountId, idOrName)
  if (Option.isNone(named)) return yield* new NotFound({ resource: "list", id: idOrName })
  return named.value
})
