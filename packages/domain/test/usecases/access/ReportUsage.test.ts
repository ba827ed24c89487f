/** Usage: plan, limits, this period's requests by masked key, and the all-time total. */
import { Actor, ApiKey, chargeRequest, createKey, reportUsage, revokeKey, setPlan } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { inWorld } from "../../support/World.js"

describe("reportUsage", () => {
  it.effect("counts this month by masked key across two keys, and the total across months", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.parse("2026-01-20T10:00:00Z"))
        const { account, key, principal } = yield* Fixtures.accountWithKey("plus")
        const second = yield* createKey(account.id, "phone")
        const secondPrincipal = { account, key: second.info }
        for (let i = 0; i < 3; i++) yield* chargeRequest(principal)
        for (let i = 0; i < 2; i++) yield* chargeRequest(secondPrincipal)
        const report = yield* reportUsage(principal)
        expect(report).toEqual({
          tier: "plus",
          limits: { perMinute: 300, perMonth: 20_000 },
          usage: { month: 5, total: 5, byKey: { [ApiKey.mask(key)]: 3, [ApiKey.mask(second.key)]: 2 } },
          storage: { bytes: 0 }
        })
        for (const masked of Object.keys(report.usage.byKey)) expect(masked).toMatch(/^bk_…[0-9A-Za-z]{4}$/)
        // A new month starts a new count; the total goes on.
        yield* TestClock.setTime(Date.parse("2026-02-01T00:00:00Z"))
        yield* chargeRequest(secondPrincipal)
        expect((yield* reportUsage(principal)).usage).toEqual({
          month: 1,
          total: 6,
          byKey: { [ApiKey.mask(key)]: 0, [ApiKey.mask(second.key)]: 1 }
        })
      })
    ))

  it.effect("a revoked key stays in the report while it has requests this period; a plan change starts a fresh period", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, key, principal } = yield* Fixtures.accountWithKey("free")
        const idle = yield* createKey(account.id, "idle")
        yield* chargeRequest(principal)
        yield* revokeKey(Actor.operator, principal.key.id)
        yield* revokeKey(Actor.operator, idle.info.id)
        expect((yield* reportUsage(principal)).usage.byKey).toEqual({ [ApiKey.mask(key)]: 1 })
        yield* TestClock.adjust("1 minute")
        const changed = yield* setPlan(account.id, "ultra")
        const report = yield* reportUsage({ ...principal, account: changed })
        expect(report).toMatchObject({
          tier: "ultra",
          limits: { perMinute: 1_000, perMonth: 100_000 },
          usage: { month: 0, total: 1, byKey: {} }
        })
      })
    ))
})
