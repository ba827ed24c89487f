/** Use case: turn a bearer token into the key and account it belongs to. Revocation is read every time. */
import { Effect, Option } from "effect"
import * as ApiKey from "../../ApiKey.js"
import { Unauthenticated } from "../../Errors.js"
import { Accounts, type KeyOwner } from "../../ports/Accounts.js"

export type Principal = KeyOwner

/**
 * The use case over an `Accounts` resolved once by the caller (the HTTP middleware runs it on every request,
 * so it neither looks the port up nor opens a span each time).
 */
export const authenticateWith = (accounts: Accounts["Service"]) =>
  Effect.fnUntraced(function*(token: string) {
    const key = token.trim()
    if (key === "") return yield* new Unauthenticated({ reason: "missing" })
    if (!ApiKey.isWellFormed(key)) return yield* new Unauthenticated({ reason: "malformed" })
    const found = yield* accounts.findByKeyHash(ApiKey.hash(key))
    if (Option.isNone(found)) return yield* new Unauthenticated({ reason: "unknown" })
    if (found.value.key.revokedAt !== null) return yield* new Unauthenticated({ reason: "revoked" })
    return found.value
  })

export const authenticate = (token: string) => Effect.flatMap(Accounts, (accounts) => authenticateWith(accounts)(token))
