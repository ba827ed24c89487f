/**
 * Use case: turn a bearer token into the key (or OAuth grant) and account it acts as. API keys take the key path
 * (Authenticate.ts); an OAuth access token (`bka_…`) is looked up by its hash with its grant in one round trip, and
 * refused once expired or once its grant is revoked (docs/oauth.md, "Tokens").
 */
import { Clock, Effect, Option } from "effect"
import { Unauthenticated } from "../../Errors.js"
import * as OAuth from "../../OAuth.js"
import type { Accounts } from "../../ports/Accounts.js"
import type { OAuthStore } from "../../ports/OAuthStore.js"
import { authenticateWith } from "../access/Authenticate.js"

/** Over ports resolved once by the caller (the HTTP middleware and `/mcp` run it on every request). */
export const authenticateBearerWith = (accounts: Accounts["Service"], store: OAuthStore["Service"]) => {
  const byKey = authenticateWith(accounts)
  return Effect.fnUntraced(function*(token: string) {
    const text = token.trim()
    if (!text.startsWith(OAuth.accessPrefix)) return yield* byKey(text)
    if (!OAuth.isAccessToken(text)) return yield* new Unauthenticated({ reason: "malformed" })
    const found = yield* store.findAccessToken(OAuth.hash(text))
    if (Option.isNone(found)) return yield* new Unauthenticated({ reason: "unknown" })
    if (found.value.owner.key.revokedAt !== null) return yield* new Unauthenticated({ reason: "revoked" })
    if (found.value.expiresAt <= (yield* Clock.currentTimeMillis)) {
      return yield* new Unauthenticated({ reason: "expired" })
    }
    return found.value.owner
  })
}
