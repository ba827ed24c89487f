/** Authentication: missing, malformed, unknown and revoked keys are refused; revocation takes effect at once. */
import { Actor, authenticate, Errors, revokeKey } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

const refusal = (token: string) => Effect.map(failureOf(authenticate(token), Errors.Unauthenticated), (e) => e.reason)

describe("authenticate", () => {
  it.effect("turns a live key into its key and account", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, key, keyInfo } = yield* Fixtures.accountWithKey("ultra")
        const principal = yield* authenticate(key)
        expect(principal.account).toEqual(account)
        expect(principal.key.id).toBe(keyInfo.id)
      })
    ))

  it.effect("refuses a revoked key at once, and every other key of the account keeps working", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { key, keyInfo } = yield* Fixtures.accountWithKey()
        yield* authenticate(key)
        const revoked = yield* revokeKey(Actor.operator, keyInfo.id)
        expect(revoked.revokedAt).not.toBeNull()
        expect(yield* refusal(key)).toBe("revoked")
        // Revoking twice keeps the first instant.
        expect((yield* revokeKey(Actor.operator, keyInfo.id)).revokedAt).toBe(revoked.revokedAt)
      })
    ))

  it.effect("refuses missing, malformed and unknown keys, each with its reason and message", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* Fixtures.accountWithKey()
        expect(yield* refusal("")).toBe("missing")
        expect(yield* refusal("   ")).toBe("missing")
        expect(yield* refusal("Bearer nonsense")).toBe("malformed")
        expect(yield* refusal(`bk_${"a".repeat(39)}`)).toBe("malformed")
        expect(yield* refusal(`bk_${"a".repeat(40)}`)).toBe("unknown")
        const error = yield* failureOf(authenticate(""), Errors.Unauthenticated)
        expect(error.message).toMatch(/Authorization: Bearer/)
        expect(new Errors.Unauthenticated({ reason: "revoked" }).message).toMatch(/revoked/)
      })
    ))
})
