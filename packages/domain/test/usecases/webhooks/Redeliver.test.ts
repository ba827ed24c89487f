/**
 * The delivery log (every attempt, whatever caused it), Redeliver and re-enable, for an account and for the operator.
 */
import {
  Actor,
  Deliveries,
  enableWebhook,
  Errors,
  listDeliveries,
  redeliver,
  registerWebhook,
  testWebhook,
  verifyDelivery,
  webhookLog,
  Webhooks
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld, page, runDueDeliveries, runDueJobs } from "../../support/World.js"

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
        if (delivery === undefined) return yield* Effect.die(new Error("no delivery"))
        yield* TestClock.adjust(60_000)
        const again = yield* redeliver(Actor.account(accountId), hook.id, delivery.id)
        expect(again).toMatchObject({ ok: true, status: 200 })
        const { attempts } = yield* webhookLog(Actor.account(accountId), hook.id)
        expect(attempts.map((a) => [a.trigger, a.status])).toEqual([["redelivery", 200], ["test", 200], [
          "delivery",
          500
        ]])
        expect(attempts[2]?.responseSnippet.length).toBe(1_024)
        expect(attempts[0]?.deliveryId).toBe(delivery.id)
        const [first, , third] = world.sender.sent
        expect(third?.body).toBe(first?.body)
        expect(third?.headers["x-service-delivery"]).toBe(delivery.id)
        expect(third?.headers["webhook-timestamp"]).not.toBe(first?.headers["webhook-timestamp"])
        expect(verifyDelivery(hook.secret, third?.body ?? "", third?.headers["x-service-signature"])).toBe(true)
        const hookNow = yield* Effect.flatMap(Webhooks, (w) => w.get(hook.id))
        expect(hookNow._tag === "Some" && hookNow.value.failureCount).toBe(1)
      })
    ))

  it.effect("another account's webhook and deliveries stay out of reach; re-enable resets the failure run", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const mine = yield* Fixtures.accountWithKey()
        const theirs = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(theirs.principal.account.id, { url: "https://hooks.example.com/theirs" })
        const me = mine.principal.account.id
        yield* failureOf(webhookLog(Actor.account(me), hook.id), Errors.Forbidden)
        yield* failureOf(redeliver(Actor.account(me), hook.id, "dlv_x"), Errors.Forbidden)
        yield* failureOf(enableWebhook(Actor.account(me), hook.id), Errors.Forbidden)
        yield* failureOf(redeliver(Actor.account(theirs.principal.account.id), hook.id, "dlv_unknown"), Errors.NotFound)
        yield* Effect.flatMap(Webhooks, (w) => w.setActive(hook.id, false))
        expect((yield* enableWebhook(Actor.account(theirs.principal.account.id), hook.id)).active).toBe(true)
      })
    ))

  it.effect("the operator reaches any account's delivery log and Redeliver; an unknown webhook or delivery is not found", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/in" })
        const url = "https://example.com/y"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Y")))
        yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        yield* runDueDeliveries
        const [delivery] = yield* (yield* Deliveries).listForWebhook(hook.id)
        if (delivery === undefined) return yield* Effect.die(new Error("no delivery"))
        yield* TestClock.adjust(1_000)
        const again = yield* redeliver(Actor.operator, hook.id, delivery.id)
        expect(again).toMatchObject({
          ok: true,
          status: 200,
          attempt: { deliveryId: delivery.id, trigger: "redelivery" }
        })
        const listed = yield* listDeliveries(Actor.operator, hook.id, {})
        expect(listed.attempts.map((a) => a.trigger)).toEqual(["redelivery", "delivery"])
        expect(yield* failureOf(listDeliveries(Actor.operator, "whk_nothing", {}), Errors.NotFound)).toMatchObject({
          resource: "webhook"
        })
        expect(yield* failureOf(redeliver(Actor.operator, hook.id, "dlv_nothing"), Errors.NotFound)).toMatchObject({
          resource: "delivery"
        })
        expect(yield* failureOf(redeliver(Actor.account(principal.account.id), hook.id, "x\u0000y"), Errors.NotFound))
          .toMatchObject({ resource: "delivery" })
      })
    ))
})
