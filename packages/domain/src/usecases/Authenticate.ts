/** Use case: turn a bearer token into the key and account it belongs to. Revocation is read every time. */
import { Effect, Option } from "effect"
import * as ApiKey from "../ApiKey.js"
import { Unauthenticated } from "../Errors.js"
import { Accounts, type KeyOwner } from "../ports/Accounts.js"

export type Principal = KeyOwner

export const authenticate = Effect.fn("Authenticate")(function*(token: string) {
  const key = token.trim()
  if (key === "") return yield* new Unauthenticated({ reason: "missing" })
  if (!ApiKey.isWellFormed(key)) return yield* new Unauthenticated({ reason: "malformed" })
  const accounts = yield* Accounts
  const found = yield* accounts.findByKeyHash(ApiKey.hash(key))
  if (Option.isNone(found)) return yield* new Unauthenticated({ reason: "unknown" })
  if (found.value.key.revokedAt !== null) return yield* new Unauthenticated({ reason: "revoked" })
  return found.value
})
