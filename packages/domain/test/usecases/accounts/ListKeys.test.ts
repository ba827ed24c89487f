/** Keys with their use, usage by day, and revoking one's own key. */
import {
  accountUsage,
  Actor,
  chargeRequest,
  createKey,
  Errors,
  listKeysWithUse,
  revokeKey
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld } from "../../support/World.js"

const start = Date.parse("2026-04-03T08:00:00.000Z")

describe("keys and usage", () => {
  it.effect("keys list their last use and this month's count; usage counts requests per day of the month", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account, keyInfo, principal } = yield* Fixtures.accountWithKey("free", "first")
        const second = yield* createKey(account.id, "second")
        yield* chargeRequest(principal)
        yield* TestClock.adjust(86_400_000)
        yield* chargeRequest(principal)
        yield* chargeRequest(principal)
        const keys = yield* listKeysWithUse(account)
        expect(keys.map((k) => [k.key.label, k.month, k.lastUsedAt])).toEqual([
          ["second", 0, null],
          ["first", 3, start + 86_400_000]
        ])
        const usage = yield* accountUsage(account)
        expect(usage).toMatchObject({ plan: "free", month: 3, limits: { perMinute: 60, perMonth: 1_000 } })
        expect(usage.days.map((d) => d.count)).toEqual([0, 0, 1, 2])
        yield* revokeKey(Actor.account(account.id), second.info.id)
        const other = yield* Fixtures.accountWithKey()
        yield* failureOf(revokeKey(Actor.account(other.account.id), keyInfo.id), Errors.NotFound)
      })
    ))
})
