/** Contract of the Deliveries port: exact bodies, leases, the per-webhook cap, retries and cancellation. */
import {
  type AccountId,
  type Accounts,
  BookmarkId,
  Deliveries,
  type Delivery,
  DeliveryId,
  type WebhookId,
  Webhooks
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Array as Arr, Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"
import { webhookRecord } from "./WebhooksContract.js"

type Ports = Accounts | Webhooks | Deliveries

export const deliveryRecord = (
  webhookId: WebhookId,
  accountId: AccountId,
  overrides: Partial<Delivery.Record> = {}
): Delivery.Record => {
  const id = DeliveryId.make(uid("dlv_"))
  return {
    id,
    webhookId,
    accountId,
    bookmarkId: null,
    event: "bookmark.saved",
    body: JSON.stringify({ id, event: "bookmark.saved", data: { title: "Ünïcode — 🎉 \"quoted\"\n" } }),
    state: "pending",
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    ...overrides
  }
}

const claimOpts = (now: number, max = 10, maxPerWebhook = 4) => ({ now, lease: 1_000, max, maxPerWebhook })

export const deliveriesContract = <E>(name: string, layer: Layer.Layer<Ports, E>) =>
  describe(`Deliveries contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Ports>) => effect.pipe(Effect.provide(layer))

    const hookWith = (count: number, active = true) =>
      Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const deliveries = yield* Deliveries
        const account = yield* newAccount()
        const hook = webhookRecord(account.id, { active })
        yield* webhooks.insert(hook, 10)
        const rows = Arr.makeBy(count, (i) => deliveryRecord(hook.id, account.id, { createdAt: i }))
        yield* deliveries.enqueue(rows)
        return { hook, rows }
      })

    it.effect("claims with the endpoint and secret; the body bytes come back exactly", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook, rows } = yield* hookWith(1)
        const claimed = (yield* deliveries.claim(claimOpts(0))).filter((c) => c.delivery.webhookId === hook.id)
        expect(claimed).toEqual([{ delivery: rows[0], url: hook.url, secret: hook.secret }])
        expect(yield* deliveries.get(rows[0].id)).toEqual(Option.some(rows[0]))
        const again = (yield* deliveries.claim(claimOpts(999))).filter((c) => c.delivery.webhookId === hook.id)
        expect(again).toEqual([])
        const afterLease = (yield* deliveries.claim(claimOpts(1_000))).filter((c) => c.delivery.webhookId === hook.id)
        expect(afterLease.length).toBe(1)
        yield* deliveries.finish(rows[0].id, { state: "delivered" })
      })))

    it.effect("never leases more than maxPerWebhook of one webhook at once", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook, rows } = yield* hookWith(10)
        const mine = (cs: ReadonlyArray<{ delivery: Delivery.Record }>) =>
          cs.filter((c) => c.delivery.webhookId === hook.id)
        const first = mine(yield* deliveries.claim(claimOpts(0, 100, 4)))
        expect(first.length).toBe(4)
        expect(mine(yield* deliveries.claim(claimOpts(1, 100, 4))).length).toBe(0)
        yield* deliveries.finish(Arr.getUnsafe(first, 0).delivery.id, { state: "delivered" })
        expect(mine(yield* deliveries.claim(claimOpts(2, 100, 4))).length).toBe(1)
        yield* deliveries.cancelForWebhook(hook.id)
        expect(rows.length).toBe(10)
      })))

    it.effect("skips webhooks that are not active", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook } = yield* hookWith(2, false)
        const claimed = (yield* deliveries.claim(claimOpts(0))).filter((c) => c.delivery.webhookId === hook.id)
        expect(claimed).toEqual([])
      })))

    it.effect("reschedules a failed attempt, counts attempts, and finishes for good", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook, rows } = yield* hookWith(1)
        const id = rows[0].id
        const mine = (now: number) =>
          Effect.map(deliveries.claim(claimOpts(now)), (cs) => cs.filter((c) => c.delivery.webhookId === hook.id))
        yield* mine(0)
        yield* deliveries.finish(id, { state: "pending", nextAttemptAt: 5_000 })
        expect(yield* mine(4_999)).toEqual([])
        const retried = yield* mine(5_000)
        expect(retried.map((c) => [c.delivery.attempts, c.delivery.body])).toEqual([[1, rows[0].body]])
        yield* deliveries.finish(id, { state: "failed" })
        expect(Option.map(yield* deliveries.get(id), (d) => [d.state, d.attempts])).toEqual(Option.some(["failed", 2]))
        expect(yield* mine(100_000)).toEqual([])
      })))

    it.effect("release frees the lease without counting an attempt", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook, rows } = yield* hookWith(1)
        yield* deliveries.claim(claimOpts(0))
        yield* deliveries.release(rows[0].id)
        const again = (yield* deliveries.claim(claimOpts(1))).filter((c) => c.delivery.webhookId === hook.id)
        expect(again.map((c) => c.delivery.attempts)).toEqual([0])
        yield* deliveries.finish(rows[0].id, { state: "delivered" })
      })))

    it.effect("cancels only the pending deliveries of one webhook", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const { hook, rows } = yield* hookWith(3)
        const other = yield* hookWith(1)
        yield* deliveries.finish(rows[0].id, { state: "delivered" })
        expect(yield* deliveries.cancelForWebhook(hook.id)).toBe(2)
        const states = (yield* deliveries.listForWebhook(hook.id)).map((d) => d.state)
        expect(states).toEqual(["delivered", "cancelled", "cancelled"])
        expect(Option.map(yield* deliveries.get(other.rows[0].id), (d) => d.state)).toEqual(Option.some("pending"))
        yield* deliveries.cancelForWebhook(other.hook.id)
      })))

    // Other tests leave rows behind: counts are compared before and after, and these rows are due long before any of
    // theirs.
    it.effect("reports pending deliveries, those waiting for a retry and the longest-waiting due one", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const webhooks = yield* Webhooks
        const before = yield* deliveries.backlog(0)
        const account = yield* newAccount()
        const hook = webhookRecord(account.id)
        yield* webhooks.insert(hook, 10)
        const due = (at: number) => deliveryRecord(hook.id, account.id, { nextAttemptAt: at, createdAt: at })
        const first = due(-5_000_000), second = due(-4_000_000), third = due(-3_000_000)
        yield* deliveries.enqueue([first, second, third])
        expect(yield* deliveries.backlog(0)).toEqual({
          size: before.size + 3,
          retrying: before.retrying,
          oldestDueAt: -5_000_000
        })
        yield* deliveries.claim({ now: 0, lease: 10_000_000, max: 1, maxPerWebhook: 4 })
        yield* deliveries.finish(first.id, { state: "pending", nextAttemptAt: -3_500_000 })
        yield* deliveries.finish(third.id, { state: "delivered" })
        expect(yield* deliveries.backlog(0)).toEqual({
          size: before.size + 2,
          retrying: before.retrying + 1,
          oldestDueAt: -4_000_000
        })
        yield* deliveries.cancelForWebhook(hook.id)
        expect(yield* deliveries.backlog(0)).toEqual(before)
      })))

    it.effect("cancels the pending deliveries about one bookmark, and keeps which bookmark each is about", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const deliveries = yield* Deliveries
        const account = yield* newAccount()
        const hook = webhookRecord(account.id)
        yield* webhooks.insert(hook, 10)
        const gone = BookmarkId.make(uid("bmk_"))
        const kept = BookmarkId.make(uid("bmk_"))
        const rows = [
          deliveryRecord(hook.id, account.id, { bookmarkId: gone, createdAt: 1 }),
          deliveryRecord(hook.id, account.id, { bookmarkId: gone, createdAt: 2 }),
          deliveryRecord(hook.id, account.id, { bookmarkId: kept, createdAt: 3 })
        ] as const
        yield* deliveries.enqueue(rows)
        yield* deliveries.finish(rows[0].id, { state: "delivered" })
        expect(yield* deliveries.cancelForBookmark(gone)).toBe(1)
        const listed = yield* deliveries.listForWebhook(hook.id)
        expect(listed.map((d) => [d.bookmarkId, d.state])).toEqual([[gone, "delivered"], [gone, "cancelled"], [
          kept,
          "pending"
        ]])
        yield* deliveries.cancelForWebhook(hook.id)
      })))

    it.effect("never hands one delivery to two concurrent claimers", () =>
      run(Effect.gen(function*() {
        const deliveries = yield* Deliveries
        const hooks = yield* Effect.forEach(Array.from({ length: 5 }), () => hookWith(4))
        const results = yield* Effect.all(
          Array.from({ length: 10 }, () => deliveries.claim(claimOpts(0, 3, 4))),
          { concurrency: "unbounded" }
        )
        const mine = new Set(hooks.map((h) => h.hook.id as string))
        const ids = results.flat().filter((c) => mine.has(c.delivery.webhookId)).map((c) => c.delivery.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.length).toBe(20)
        yield* Effect.forEach(hooks, (h) => deliveries.cancelForWebhook(h.hook.id))
      })))
  })
