/** Test deliveries: the endpoint's answer as {ok, status[, error]}, signed like a real one, counters untouched. */
import {
  Deliveries,
  Delivery,
  Errors,
  listWebhooks,
  registerWebhook,
  Signature,
  testWebhook
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("testWebhook", () => {
  it.effect("reports {ok, status} of the answer and {ok: false, status: 0, error} when there is none", () =>
    inWorld(({ sender }) =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/test" })
        sender.answer(
          { status: 204, error: null, retryAfter: null },
          { status: 500, error: null, retryAfter: null },
          { status: null, error: "connection refused", retryAfter: null }
        )
        expect(yield* testWebhook(account.id, hook.id)).toEqual({ ok: true, status: 204 })
        expect(yield* testWebhook(account.id, hook.id)).toEqual({ ok: false, status: 500 })
        expect(yield* testWebhook(account.id, hook.id)).toEqual({ ok: false, status: 0, error: "connection refused" })
        // Counters are untouched and nothing is queued.
        expect((yield* listWebhooks(account.id)).webhooks[0]).toMatchObject({
          failureCount: 0,
          lastStatus: 0,
          lastDeliveredAt: null,
          active: true
        })
        expect(yield* (yield* Deliveries).listForWebhook(hook.id)).toEqual([])
        // The sample is a signed bookmark.saved delivery.
        const sent = sender.sent[0]
        expect(sent?.url).toBe("https://hooks.example.com/test")
        const envelope = Schema.decodeUnknownSync(Delivery.Envelope)(JSON.parse(sent?.body ?? ""))
        expect(envelope.event).toBe("bookmark.saved")
        expect(envelope.id).toBe(sent?.headers["x-service-delivery"])
        expect(Signature.verifyDelivery(hook.secret, sent?.body ?? "", sent?.headers["x-service-signature"])).toBe(true)
      })
    ))

  it.effect("another account's webhook → Forbidden; unknown → NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/test" })
        expect(yield* failureOf(testWebhook(other.account.id, hook.id), Errors.Forbidden)).toMatchObject({
          resource: "webhook"
        })
        expect(yield* failureOf(testWebhook(account.id, "whk_nope"), Errors.NotFound)).toMatchObject({
          resource: "webhook",
          id: "whk_nope"
        })
      })
    ))
})
