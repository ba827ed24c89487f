/** Contract of the Webhooks port: the per-account cap, subscriptions and exact failure accounting. */
import { type AccountId, type Accounts, Webhook, WebhookId, Webhooks } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Array as Arr, Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"

export const webhookRecord = (accountId: AccountId, overrides: Partial<Webhook.Record> = {}): Webhook.Record => ({
  id: WebhookId.make(uid("whk_")),
  accountId,
  url: "https://hooks.example.com/in",
  events: ["bookmark.saved"],
  description: "",
  active: true,
  secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=",
  failureCount: 0,
  lastStatus: 0,
  lastDeliveredAt: null,
  failingSince: null,
  createdAt: 0,
  ...overrides
})

export const webhooksContract = <E>(name: string, layer: Layer.Layer<Accounts | Webhooks, E>) =>
  describe(`Webhooks contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Webhooks>) => effect.pipe(Effect.provide(layer))

    it.effect("inserts up to the cap per account, lists in creation order, reads and deletes", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const made = Array.from(
          { length: 3 },
          (_, i) => webhookRecord(account.id, { createdAt: i, description: `n${i}` })
        )
        for (const w of made) expect(yield* webhooks.insert(w, 3)).toBe(true)
        expect(yield* webhooks.insert(webhookRecord(account.id), 3)).toBe(false)
        expect(yield* webhooks.insert(webhookRecord(other.id), 3)).toBe(true)
        expect(yield* webhooks.list(account.id)).toEqual(made)
        const middle = Arr.getUnsafe(made, 1)
        expect(yield* webhooks.get(middle.id)).toEqual(Option.some(middle))
        expect(yield* webhooks.delete(middle.id)).toBe(true)
        expect(yield* webhooks.delete(middle.id)).toBe(false)
        expect(Option.isNone(yield* webhooks.get(middle.id))).toBe(true)
      })))

    it.effect("the cap holds under concurrent inserts", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        const results = yield* Effect.all(
          Array.from({ length: 25 }, () => webhooks.insert(webhookRecord(account.id), 10)),
          { concurrency: "unbounded" }
        )
        expect(results.filter(Boolean).length).toBe(10)
        expect((yield* webhooks.list(account.id)).length).toBe(10)
      })))

    it.effect("lists only active subscribed webhooks of the account", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        const active = webhookRecord(account.id)
        const inactive = webhookRecord(account.id, { active: false })
        yield* webhooks.insert(active, 10)
        yield* webhooks.insert(inactive, 10)
        expect((yield* webhooks.subscribed(account.id, "bookmark.saved")).map((w) => w.id)).toEqual([active.id])
      })))

    it.effect("records attempts exactly as Webhook.recordAttempt defines", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        let expected = webhookRecord(account.id)
        yield* webhooks.insert(expected, 10)
        const outcomes: Array<Webhook.AttemptOutcome> = [
          { at: 10, status: 500, ok: false },
          { at: 20, status: null, ok: false },
          { at: 30, status: 500, ok: false },
          { at: 40, status: 200, ok: true },
          { at: 50, status: null, ok: false }
        ]
        const counts: Array<number> = []
        for (const outcome of outcomes) {
          expected = Webhook.recordAttempt(expected, outcome)
          const actual = yield* webhooks.recordAttempt(expected.id, outcome)
          expect(actual).toEqual(Option.some(expected))
          counts.push(expected.failureCount)
        }
        expect(counts).toEqual([1, 2, 3, 0, 1])
        expect(expected).toMatchObject({ lastStatus: 200, lastDeliveredAt: 40, failingSince: 50 })
      })))

    it.effect("counts concurrent failures without losing any", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        const hook = webhookRecord(account.id)
        yield* webhooks.insert(hook, 10)
        yield* Effect.all(
          Array.from({ length: 12 }, (_, i) => webhooks.recordAttempt(hook.id, { at: i, status: 503, ok: false })),
          { concurrency: "unbounded" }
        )
        const after = yield* webhooks.get(hook.id)
        expect(Option.map(after, (w) => [w.failureCount, w.lastStatus])).toEqual(Option.some([12, 503]))
      })))

    it.effect("deactivates and re-activates; activation starts the failure run afresh", () =>
      run(Effect.gen(function*() {
        const webhooks = yield* Webhooks
        const account = yield* newAccount()
        const hook = webhookRecord(account.id, { failureCount: 7, failingSince: 5 })
        yield* webhooks.insert(hook, 10)
        const off = yield* webhooks.setActive(hook.id, false)
        expect(Option.map(off, (w) => w.active)).toEqual(Option.some(false))
        const on = yield* webhooks.setActive(hook.id, true)
        expect(Option.map(on, (w) => [w.active, w.failureCount, w.failingSince])).toEqual(Option.some([true, 0, null]))
        expect(Option.isNone(yield* webhooks.setActive(WebhookId.make(uid("whk_")), true))).toBe(true)
      })))
  })
