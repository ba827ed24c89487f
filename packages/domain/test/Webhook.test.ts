/** Webhook rules: failure accounting and the deactivation rule, directly on records. */
import { AccountId, Webhook, WebhookId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import * as Gen from "./support/Gen.js"

const record: Webhook.Record = {
  id: WebhookId.make("whk_1"),
  accountId: AccountId.make("acc_1"),
  url: "https://hooks.example.com/",
  events: ["bookmark.saved"],
  description: "",
  active: true,
  secret: "whsec_AAAA",
  failureCount: 0,
  lastStatus: 0,
  lastDeliveredAt: null,
  failingSince: null,
  createdAt: 0
}

const outcome = Gen.all({
  status: Gen.option(Gen.integer({ min: 100, max: 599 }), null),
  gap: Gen.integer({ min: 1, max: 3_600_000 })
})

describe("Webhook.recordAttempt", () => {
  it.prop("failureCount counts consecutive failures; lastStatus and lastDeliveredAt follow the last answer", [
    Gen.array(outcome, { maxLength: 30 })
  ], ([outcomes]) => {
    let r = record
    let at = 0
    let run = 0
    let lastStatus = 0
    let lastAnswer: number | null = null
    for (const o of outcomes) {
      at += o.gap
      const ok = o.status !== null && o.status >= 200 && o.status <= 299
      r = Webhook.recordAttempt(r, { at, status: o.status, ok })
      run = ok ? 0 : run + 1
      if (o.status !== null) {
        lastStatus = o.status
        lastAnswer = at
      }
      expect(r).toMatchObject({ failureCount: run, lastStatus, lastDeliveredAt: lastAnswer })
      expect(r.failingSince === null).toBe(run === 0)
    }
  })
})

describe("Webhook.shouldDeactivate", () => {
  const rule = { failingFor: 5 * 86_400_000, minFailures: 10 }
  it("410 at once; otherwise failing for the whole period and often enough", () => {
    expect(Webhook.shouldDeactivate(record, 410, 0, rule)).toBe(true)
    const failing = { ...record, failingSince: 0, failureCount: 10 }
    expect(Webhook.shouldDeactivate(failing, 500, rule.failingFor, rule)).toBe(true)
    expect(Webhook.shouldDeactivate(failing, 500, rule.failingFor - 1, rule)).toBe(false)
    expect(Webhook.shouldDeactivate({ ...failing, failureCount: 9 }, 500, rule.failingFor * 2, rule)).toBe(false)
    expect(Webhook.shouldDeactivate(record, null, rule.failingFor * 2, rule)).toBe(false)
    expect(Webhook.defaultDeactivation).toEqual(rule)
  })
})
