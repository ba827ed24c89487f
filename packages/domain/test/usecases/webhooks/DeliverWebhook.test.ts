/** Delivery attempts with the fake sender: failure accounting, the retry schedule, Retry-After and deactivation. */
import {
  Deliveries,
  deliverWebhook,
  Delivery,
  type DeliveryId,
  registerWebhook,
  type SendResult,
  verifyDelivery,
  type WebhookId,
  Webhooks
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import * as Gen from "../../support/Gen.js"
import { inWorld, page, runDueDeliveries, runDueJobs, type World } from "../../support/World.js"

const start = Date.parse("2026-04-01T08:00:00.000Z")
const status = (code: number | null, retryAfter: number | null = null): SendResult => ({
  status: code,
  error: code === null ? "connection refused" : null,
  retryAfter
})

/** An account with one webhook and `count` finished bookmarks, so `count` deliveries wait in the outbox. */
const withDeliveries = (world: World, count = 1) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(start)
    const { principal } = yield* Fixtures.accountWithKey()
    const hook = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/in" })
    for (let i = 0; i < count; i++) {
      const url = `https://example.com/${i}`
      world.fetcher.script(url, FakePageFetcher.html(url, page(`Page ${i}`)))
      yield* Fixtures.save(principal, { url })
    }
    yield* runDueJobs
    const rows = yield* (yield* Deliveries).listForWebhook(hook.id)
    expect(rows).toHaveLength(count)
    const first = rows[0]
    if (first === undefined) return yield* Effect.die(new Error("no delivery was enqueued"))
    return { principal, hook, rows, first }
  })

const hookState = (id: WebhookId) => Effect.map(Effect.flatMap(Webhooks, (w) => w.get(id)), Option.getOrThrow)
const deliveryState = (id: DeliveryId) => Effect.map(Effect.flatMap(Deliveries, (d) => d.get(id)), Option.getOrThrow)

const within = (value: number, base: number) => {
  expect(value).toBeGreaterThanOrEqual(Math.floor(base * 0.85))
  expect(value).toBeLessThanOrEqual(Math.ceil(base * 1.15))
}

describe("deliverWebhook", () => {
  it.effect("500, 500, 200: failureCount 1, 2, 0 and lastStatus 500, 500, 200; same body and id on every attempt", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { first: row, hook } = yield* withDeliveries(world)
        world.sender.answer(status(500), status(500), status(200))
        const expected = [
          { outcome: "retry", failureCount: 1, lastStatus: 500, delay: 5_000 },
          { outcome: "retry", failureCount: 2, lastStatus: 500, delay: 5 * 60_000 },
          { outcome: "delivered", failureCount: 0, lastStatus: 200, delay: null }
        ] as const
        for (const step of expected) {
          const now = yield* Clock.currentTimeMillis
          expect((yield* runDueDeliveries).map((r) => r.outcome)).toEqual([step.outcome])
          expect(yield* hookState(hook.id)).toMatchObject({
            failureCount: step.failureCount,
            lastStatus: step.lastStatus,
            lastDeliveredAt: now,
            active: true
          })
          const after = yield* deliveryState(row.id)
          if (step.delay === null) {
            expect(after).toMatchObject({ state: "delivered", attempts: 3 })
            break
          }
          within(after.nextAttemptAt - now, step.delay)
          // Not claimed again before it is due.
          yield* TestClock.setTime(after.nextAttemptAt - 1)
          expect(yield* runDueDeliveries).toEqual([])
          yield* TestClock.setTime(after.nextAttemptAt)
        }
        expect(world.sender.sent).toHaveLength(3)
        for (const sent of world.sender.sent) {
          expect(sent.url).toBe("https://hooks.example.com/in")
          expect(sent.body).toBe(row.body)
          expect(sent.headers["x-service-delivery"]).toBe(row.id)
          expect(sent.headers["webhook-id"]).toBe(row.id)
          expect(sent.headers["x-service-event"]).toBe("bookmark.saved")
          expect(sent.headers["content-type"]).toBe("application/json")
          expect(verifyDelivery(hook.secret, sent.body, sent.headers["x-service-signature"])).toBe(true)
        }
        // Standard Webhooks timestamps are fresh on each attempt.
        expect(new Set(world.sender.sent.map((s) => s.headers["webhook-timestamp"])).size).toBe(3)
      })
    ))

  it.effect("retries follow a custom schedule with ±15 % jitter, then give up after the last attempt", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { first: row, hook } = yield* withDeliveries(world)
        world.sender.answer(...Array.from({ length: 10 }, () => status(500)))
        for (const base of [1_000, 2_000, 4_000]) {
          const now = yield* Clock.currentTimeMillis
          expect((yield* runDueDeliveries).map((r) => r.outcome)).toEqual(["retry"])
          const next = (yield* deliveryState(row.id)).nextAttemptAt
          within(next - now, base)
          yield* TestClock.setTime(next)
        }
        expect((yield* runDueDeliveries).map((r) => r.outcome)).toEqual(["failed"])
        expect(yield* deliveryState(row.id)).toMatchObject({ state: "failed", attempts: 4 })
        expect(yield* hookState(hook.id)).toMatchObject({ failureCount: 4, active: true })
      }), { settings: { retrySchedule: [1_000, 2_000, 4_000] } }))

  const retryAfterCases: ReadonlyArray<[string, SendResult, number | "schedule"]> = [
    ["429 with Retry-After 2 min", status(429, 120_000), 120_000],
    ["503 with Retry-After 2 h", status(503, 7_200_000), 7_200_000],
    ["429 with Retry-After 2 days is capped at 24 h", status(429, 48 * 3_600_000), 24 * 3_600_000],
    ["429 with Retry-After 0 waits at least 1 s", status(429, 0), 1_000],
    ["429 without Retry-After", status(429), "schedule"],
    ["500 with Retry-After ignores it", status(500, 120_000), "schedule"]
  ]
  for (const [name, answer, expected] of retryAfterCases) {
    it.effect(`Retry-After: ${name}`, () =>
      inWorld((world) =>
        Effect.gen(function*() {
          const { first } = yield* withDeliveries(world)
          world.sender.answer(answer)
          yield* runDueDeliveries
          const delay = (yield* deliveryState(first.id)).nextAttemptAt - start
          if (expected === "schedule") within(delay, 5_000)
          else expect(delay).toBe(expected)
        })
      ))
  }

  it.effect("410 deactivates at once and cancels the webhook's pending deliveries", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { hook, rows } = yield* withDeliveries(world, 3)
        world.sender.answer(status(410))
        const deliveries = yield* Deliveries
        const [first] = yield* deliveries.claim({ now: start, lease: 60_000, max: 1, maxPerWebhook: 1 })
        if (first === undefined) return yield* Effect.die(new Error("nothing to claim"))
        expect(yield* deliverWebhook(first)).toBe("deactivated")
        expect(yield* hookState(hook.id)).toMatchObject({ active: false, lastStatus: 410, failureCount: 1 })
        const states = yield* Effect.forEach(rows, (r) =>
          Effect.map(deliveryState(r.id), (d) => [d.id === first.delivery.id, d.state]))
        expect(
          states.filter(([mine]) =>
            mine
          ).map(([, s]) => s)
        ).toEqual(["failed"])
        expect(states.filter(([mine]) => !mine).map(([, s]) => s)).toEqual(["cancelled", "cancelled"])
        yield* TestClock.adjust("1 day")
        expect(yield* runDueDeliveries).toEqual([])
      })
    ))

  it.effect("sustained failure deactivates once failing long enough and often enough (custom rule)", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { hook, rows } = yield* withDeliveries(world, 2)
        world.sender.answer(...Array.from({ length: 40 }, () => status(502)))
        const deliveries = yield* Deliveries
        let attempts = 0
        for (let i = 0; i < 20; i++) {
          const now = yield* Clock.currentTimeMillis
          const [claimed] = yield* deliveries.claim({ now, lease: 60_000, max: 1, maxPerWebhook: 1 })
          if (claimed === undefined) break
          attempts++
          const outcome = yield* deliverWebhook(claimed)
          const due = attempts >= 3 && now - start >= 60_000
          expect(outcome).toBe(due ? "deactivated" : "retry")
          if (due) break
          yield* TestClock.setTime((yield* deliveryState(claimed.delivery.id)).nextAttemptAt)
        }
        expect(yield* hookState(hook.id)).toMatchObject({ active: false, failureCount: attempts })
        const states = yield* Effect.forEach(rows, (r) => Effect.map(deliveryState(r.id), (d) => d.state))
        expect(states.sort()).toEqual(["cancelled", "failed"])
      }), {
      settings: {
        deactivation: { failingFor: 60_000, minFailures: 3 },
        retrySchedule: Array.from({ length: 20 }, () => 10_000)
      }
    }))

  it.effect("no answer counts as a failure but keeps lastStatus and lastDeliveredAt; a redirect is a failure", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { first, hook } = yield* withDeliveries(world)
        world.sender.answer(status(null), status(302))
        yield* runDueDeliveries
        expect(yield* hookState(hook.id)).toMatchObject({ failureCount: 1, lastStatus: 0, lastDeliveredAt: null })
        yield* TestClock.setTime((yield* deliveryState(first.id)).nextAttemptAt)
        expect((yield* runDueDeliveries).map((r) => r.outcome)).toEqual(["retry"])
        expect(yield* hookState(hook.id)).toMatchObject({ failureCount: 2, lastStatus: 302 })
      })
    ))
})

describe("deliverWebhook of a webhook deleted while the attempt was in flight", () => {
  it.effect("still records the delivery's own outcome", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { first, hook } = yield* withDeliveries(world)
        const deliveries = yield* Deliveries
        const [claimed] = yield* deliveries.claim({ now: start, lease: 60_000, max: 1, maxPerWebhook: 1 })
        if (claimed === undefined) return yield* Effect.die(new Error("nothing to claim"))
        yield* (yield* Webhooks).delete(hook.id)
        world.sender.answer(status(500))
        expect(yield* deliverWebhook(claimed)).toBe("retry")
        expect((yield* deliveryState(first.id)).attempts).toBe(1)
      })
    ))
})

describe("Delivery.nextDelay", () => {
  it.prop(
    "spreads each scheduled delay by at most ±15 % and stops after the schedule",
    [Gen.integer({ min: 1, max: 12 }), Gen.double({ min: 0, maxExcluded: 1 })],
    ([attemptsMade, random]) => {
      const delay = Delivery.nextDelay(Delivery.defaultSchedule, attemptsMade, random, null)
      const base = Delivery.defaultSchedule[attemptsMade - 1]
      if (base === undefined) {
        expect(delay).toBeNull()
      } else {
        expect(delay).not.toBeNull()
        within(delay ?? 0, base)
      }
    }
  )

  it("the default schedule is 10 attempts over about three days", () => {
    expect(Delivery.defaultSchedule).toHaveLength(9)
    const total = Delivery.defaultSchedule.reduce((a, b) => a + b, 0)
    expect(total / 86_400_000).toBeGreaterThan(3)
    expect(total / 86_400_000).toBeLessThan(3.5)
    expect(Delivery.nextDelay([5_000], 1, 0, null)).toBe(4_250)
    expect(Delivery.nextDelay([5_000], 1, 0.5, null)).toBe(5_000)
    expect(Delivery.nextDelay([5_000], 2, 0.5, 1_000)).toBeNull()
  })
})
