/** The delivery log (every attempt, whatever caused it), Redeliver, re-enable; keys with their use, and usage by day. */
import {
  accountUsage,
  chargeRequest,
  createKey,
  Deliveries,
  enableOwnWebhook,
  Errors,
  listKeysWithUse,
  redeliver,
  registerWebhook,
  revokeOwnKey,
  testWebhook,
  verifyDelivery,
  Webhooks,
  webhookLog
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { failureOf, inWorld, page, runDueDeliveries, runDueJobs } from "./support/World.js"

const start = Date.parse("2026-04-03T08:00:00.000Z")

describe("delivery log and Redeliver", () => {
  it.effect("records every attempt (queue, test, redelivery) newest first; Redeliver resends the same id and bytes, freshly signed", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const hook = yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const url = "https://example.com/x"
        world.fetcher.script(url, FakePageFetcher.html(url, page("X")))
        yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        world.sender.answer({ status: 500, error: null, retryAfter: null, snippet: "x".repeat(5_000) })
        yield* runDueDeliveries
        yield* TestClock.adjust(1_000)
        yield* testWebhook(accountId, hook.id)
        const [delivery] = yield* (yield* Deliveries).listForWebhook(hook.id)
        if (delivery === undefined) return yield* Effect.dieMessage("no delivery")
        yield* TestClock.adjust(60_000)
        const again = yield* redeliver(accountId, hook.id, delivery.id)
        expect(again).toMatchObject({ ok: true, status: 200 })
        const { attempts } = yield* webhookLog(accountId, hook.id)
        expect(attempts.map((a) => [a.trigger, a.status])).toEqual([["redelivery", 200], ["test", 200], ["delivery", 500]])
        expect(attempts[2]?.responseSnippet.length).toBe(1_024)
        expect(attempts[0]?.deliveryId).toBe(delivery.id)
        const [first, , third] = world.sender.sent
        expect(third?.body).toBe(first?.body)
        expect(third?.headers["x-service-delivery"]).toBe(delivery.id)
        expect(third?.headers["webhook-timestamp"]).not.toBe(first?.headers["webhook-timestamp"])
        expect(verifyDelivery(hook.secret, third?.body ?? "", third?.headers["x-service-signature"])).toBe(true)
        const hookNow = yield* Effect.flatMap(Webhooks, (w) => w.get(hook.id))
        expect(hookNow._tag === "Some" && hookNow.value.failureCount).toBe(1)
      })))

  it.effect("another account's webhook and deliveries stay out of reach; re-enable resets the failure run", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const mine = yield* Fixtures.accountWithKey()
        const theirs = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(theirs.principal.account.id, { url: "https://hooks.example.com/theirs" })
        const me = mine.principal.account.id
        yield* failureOf(webhookLog(me, hook.id), Errors.Forbidden)
        yield* failureOf(redeliver(me, hook.id, "dlv_x"), Errors.Forbidden)
        yield* failureOf(enableOwnWebhook(me, hook.id), Errors.Forbidden)
        yield* failureOf(redeliver(theirs.principal.account.id, hook.id, "dlv_unknown"), Errors.NotFound)
        yield* Effect.flatMap(Webhooks, (w) => w.setActive(hook.id, false))
        expect((yield* enableOwnWebhook(theirs.principal.account.id, hook.id)).active).toBe(true)
      })))
})

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
        yield* revokeOwnKey(account.id, second.info.id)
        const other = yield* Fixtures.accountWithKey()
        yield* failureOf(revokeOwnKey(other.account.id, keyInfo.id), Errors.NotFound)
      })))
})
