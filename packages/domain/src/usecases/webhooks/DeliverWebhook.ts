/** Use case: one attempt of a claimed delivery, then failure accounting, retry scheduling or deactivation. */
import { Clock, Effect, Metric, Option, Random } from "effect"
import * as Delivery from "../../Delivery.js"
import * as DeliveryAttempt from "../../DeliveryAttempt.js"
import type { AccountId, DeliveryId, WebhookId } from "../../Ids.js"
import * as Metrics from "../../Metrics.js"
import { type Claimed, Deliveries } from "../../ports/Deliveries.js"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Settings } from "../../ports/Settings.js"
import { Transactor } from "../../ports/Transactor.js"
import { Webhooks } from "../../ports/Webhooks.js"
import { type SendResult, WebhookSender } from "../../ports/WebhookSender.js"
import * as Signature from "../../Signature.js"
import * as Webhook from "../../Webhook.js"

export const userAgent = "BookmarkLibrary-Webhooks/1.0"

/** POSTs the exact stored body with fresh Standard Webhooks timestamp and signatures. */
export const send = Effect.fn("DeliverWebhook.send")(function*(input: {
  readonly url: string
  readonly secret: string
  readonly deliveryId: string
  readonly event: string
  readonly body: string
  readonly timeout: number
}) {
  const sender = yield* WebhookSender
  const now = yield* Clock.currentTimeMillis
  const headers = {
    "content-type": "application/json",
    "user-agent": userAgent,
    ...Signature.deliveryHeaders({ ...input, timestampSeconds: Math.floor(now / 1000) })
  }
  return yield* sender.send({ url: input.url, body: input.body, headers, timeout: input.timeout })
})

export const isSuccess = (result: SendResult): boolean =>
  result.status !== null && result.status >= 200 && result.status <= 299

/** `send`, timed, with the delivery-log entry of the attempt (the caller records it, inside its transaction if any). */
export const attempt = Effect.fn("DeliverWebhook.attempt")(function*(input: {
  readonly url: string
  readonly secret: string
  readonly deliveryId: DeliveryId
  readonly webhookId: WebhookId
  readonly accountId: AccountId
  readonly event: string
  readonly body: string
  readonly timeout: number
  readonly trigger: DeliveryAttempt.Trigger
}) {
  const ids = yield* IdGenerator
  const started = yield* Clock.currentTimeMillis
  const result = yield* send(input)
  const finished = yield* Clock.currentTimeMillis
  const entry: DeliveryAttempt.Record = {
    id: yield* ids.make("attempt"),
    deliveryId: input.deliveryId,
    webhookId: input.webhookId,
    accountId: input.accountId,
    event: input.event,
    trigger: input.trigger,
    at: started,
    status: result.status,
    error: result.status === null ? (result.error ?? "no answer") : null,
    durationMs: Math.max(0, finished - started),
    responseSnippet: DeliveryAttempt.snippet(result.snippet ?? "")
  }
  return { result, entry }
})

export const deliverWebhook = Effect.fn("DeliverWebhook")(function*(claimed: Claimed) {
  const { delivery } = claimed
  const settings = yield* Settings
  const { entry, result } = yield* attempt({
    url: claimed.url,
    secret: claimed.secret,
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    accountId: delivery.accountId,
    event: delivery.event,
    body: delivery.body,
    timeout: settings.deliveryTimeout,
    trigger: "delivery"
  })
  const log = yield* DeliveryLog
  const webhooks = yield* Webhooks
  const deliveries = yield* Deliveries
  const tx = yield* Transactor
  const ok = isSuccess(result)
  const now = yield* Clock.currentTimeMillis
  const random = yield* Random.next
  const outcome = yield* tx.atomic(Effect.gen(function*() {
    yield* log.record(entry)
    const hook = yield* webhooks.recordAttempt(delivery.webhookId, { at: now, status: result.status, ok })
    if (ok) {
      yield* deliveries.finish(delivery.id, { state: "delivered" })
      return "delivered" as const
    }
    if (Option.isSome(hook) && Webhook.shouldDeactivate(hook.value, result.status, now, settings.deactivation)) {
      yield* deliveries.finish(delivery.id, { state: "failed" })
      yield* webhooks.setActive(delivery.webhookId, false)
      yield* deliveries.cancelForWebhook(delivery.webhookId)
      yield* Effect.logWarning("webhook deactivated").pipe(
        Effect.annotateLogs({ webhookId: delivery.webhookId, lastStatus: result.status ?? 0 })
      )
      return "deactivated" as const
    }
    const retryAfter = result.status === 429 || result.status === 503 ? result.retryAfter : null
    const delay = Delivery.nextDelay(settings.retrySchedule, delivery.attempts + 1, random, retryAfter)
    if (delay === null) {
      yield* deliveries.finish(delivery.id, { state: "failed" })
      return "failed" as const
    }
    yield* deliveries.finish(delivery.id, { state: "pending", nextAttemptAt: now + delay })
    return "retry" as const
  }))
  // Counted once the transaction committed, so a rolled-back attempt counts nothing.
  if (outcome === "deactivated") {
    yield* Metric.update(result.status === 410 ? Metrics.webhookDeactivatedGone : Metrics.webhookDeactivatedFailing, 1)
  }
  return outcome
})
