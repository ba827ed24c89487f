/** Operator use cases: accounts, plans and keys; unknown ids are NotFound. */
import { Actor, createAccount, createKey, Errors, getAccount, revokeKey, setPlan } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld } from "../../support/World.js"

describe("ManageAccounts", () => {
  it.effect("creates an account, lists its keys, and changes its plan with a new planChangedAt", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(1_000)
        const account = yield* createAccount("free")
        expect(account).toMatchObject({ plan: "free", createdAt: 1_000, planChangedAt: 1_000 })
        expect(account.id).toMatch(/^acc_/)
        const { info } = yield* createKey(account.id, "cli")
        yield* TestClock.setTime(5_000)
        expect(yield* setPlan(account.id, "ultra")).toMatchObject({
          plan: "ultra",
          createdAt: 1_000,
          planChangedAt: 5_000
        })
        const found = yield* getAccount(account.id)
        expect(found.account.plan).toBe("ultra")
        expect(found.keys.map((k) => k.id)).toEqual([info.id])
      })
    ))

  it.effect("unknown account or key → NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        expect(yield* failureOf(getAccount("acc_nope"), Errors.NotFound)).toMatchObject({ resource: "account" })
        expect(yield* failureOf(setPlan("acc_nope", "plus"), Errors.NotFound)).toMatchObject({ resource: "account" })
        expect(yield* failureOf(createKey("acc_nope", "x"), Errors.NotFound)).toMatchObject({ resource: "account" })
        expect(yield* failureOf(revokeKey(Actor.operator, "key_nope"), Errors.NotFound)).toMatchObject({
          resource: "key"
        })
      })
    ))
})
