/** Use case of the operator: an account with its keys. */
import { Effect, Option } from "effect"
import { NotFound } from "../../Errors.js"
import { AccountId, isWellFormed } from "../../Ids.js"
import { Accounts } from "../../ports/Accounts.js"

export const getAccount = Effect.fn("GetAccount")(function*(id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "account", id })
  const accounts = yield* Accounts
  const found = yield* accounts.get(AccountId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "account", id })
  return { account: found.value, keys: yield* accounts.listKeys(found.value.id) }
})
