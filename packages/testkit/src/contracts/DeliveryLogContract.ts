/**
 * Contract of the DeliveryLog port: every attempt kept as recorded, newest first per webhook, cursor walks, pruning.
 */
import { AccountId, AttemptId, DeliveryAttempt, DeliveryId, DeliveryLog, WebhookId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { uid } from "./Support.js"

export const attemptRecord = (
  webhookId: WebhookId,
  at: number,
  overrides: Partial<DeliveryAttempt.Record> = {}
): DeliveryAttempt.Record => ({
  id: AttemptId.make(uid("att_")),
  deliveryId: DeliveryId.make(uid("dlv_")),
  webhookId,
  accountId: AccountId.make(uid("acc_")),
  event: "bookmark.saved",
  trigger: "delivery",
  at,
  status: 200,
  error: null,
  durationMs: 12,
  responseSnippet: "ok",
  ...overrides
})

export const deliveryLogContract = <E>(name: string, layer: Layer.Layer<DeliveryLog, E>) =>
  describe(`DeliveryLog contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, DeliveryLog>) => effect.pipe(Effect.provide(layer))

    it.effect("keeps every field of an attempt, answers and failures alike", () =>
      run(Effect.gen(function*() {
        const log = yield* DeliveryLog
        const hook = WebhookId.make(uid("whk_"))
        const answered = attemptRecord(hook, 10, {
          status: 503,
          responseSnippet: DeliveryAttempt.snippet("Ünïcode ✓ ".repeat(200))
        })
        const silent = attemptRecord(hook, 20, {
          status: null,
          error: "connection refused",
          trigger: "redelivery",
          responseSnippet: ""
        })
        yield* log.record(answered)
        yield* log.record(silent)
        expect(yield* log.listForWebhook(hook, { limit: 10, before: Option.none() })).toEqual([silent, answered])
        expect(new TextEncoder().encode(answered.responseSnippet).length).toBeLessThanOrEqual(
          DeliveryAttempt.maxSnippetBytes
        )
      })))

    it.effect("walks a webhook's attempts newest first with a cursor, ties broken by id; other webhooks apart", () =>
      run(Effect.gen(function*() {
        const log = yield* DeliveryLog
        const hook = WebhookId.make(uid("whk_"))
        const other = WebhookId.make(uid("whk_"))
        const rows = [5, 7, 7, 7, 9, 12].map((at) => attemptRecord(hook, at))
        yield* Effect.forEach(rows, log.record)
        yield* log.record(attemptRecord(other, 8))
        const seen: Array<string> = []
        let before = Option.none<DeliveryAttempt.Cursor>()
        for (let page = 0; page < 10; page++) {
          const got = yield* log.listForWebhook(hook, { limit: 4, before })
          seen.push(...got.map((a) => a.id))
          const last = got[got.length - 1]
          if (got.length < 4 || last === undefined) break
          before = Option.some({ at: last.at, id: last.id })
        }
        const expected = [...rows].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((a) => a.id)
        expect(seen).toEqual(expected)
      })))

    it.effect("prunes the attempts made before a time", () =>
      run(Effect.gen(function*() {
        const log = yield* DeliveryLog
        const hook = WebhookId.make(uid("whk_"))
        yield* Effect.forEach([1, 2, 3_000].map((at) => attemptRecord(hook, at)), log.record)
        expect(yield* log.pruneBefore(1_000)).toBeGreaterThanOrEqual(2)
        const left = yield* log.listForWebhook(hook, { limit: 10, before: Option.none() })
        expect(left.map((a) => a.at)).toEqual([3_000])
      })))
  })
