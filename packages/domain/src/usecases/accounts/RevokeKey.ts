/** Use case: revoke an API key. */
import { Clock, Effect, Option } from "effect"
import type * as Actor from "../../Actor.js"
import { NotFound } from "../../Errors.js"
import { ApiKeyId, isWellFormed } from "../../Ids.js"
import { Accounts } from "../../ports/Accounts.js"

/**
 * Revocation takes effect on the key's very next request. The operator may revoke any key; an account only its own,
 * and another account's key is not found.
 */
export const revokeKey = Effect.fn("RevokeApiKey")(function*(actor: Actor.Actor, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "key", id })
  const accounts = yield* Accounts
  if (actor._tag === "Account" && !(yield* accounts.listKeys(actor.accountId)).some((key) => key.id === id)) {
    return yield* new NotFound({ resource: "key", id })
  }
  const revoked = yield* accounts.revokeKey(ApiKeyId.make(id), yield* Clock.currentTimeMillis)
  if (Option.isNone(revoked)) return yield* new NotFound({ resource: "key", id })
  return revoked.value
})
