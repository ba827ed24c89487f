/** Use cases of the web app on the account's webhooks: re-enable, the delivery log, and Redeliver. */
import { Effect, Option } from "effect"
import type * as DeliveryAttempt from "../DeliveryAttempt.js"
import { NotFound } from "../Errors.js"
import { type AccountId, DeliveryId } from "../Ids.js"
import { Deliveries } from "../ports/Deliveries.js"
import { DeliveryLog } from "../ports/DeliveryLog.js"
import { Webhooks } from "../ports/Webhooks.js"
import * as Webhook from "../Webhook.js"
import { attempt, isSuccess } from "./DeliverWebhook.js"
import { ownedWebhook } from "./OwnedWebhook.js"
import { testTimeout } from "./TestWebhook.js"

/** How many attempts the app shows per webhook. */
export const logPageSize = 100

/** Re-activates the account's webhook; its failure run starts afresh. */
export const enableOwnWebhook = Effect.fn("EnableOwnWebhook")(function*(accountId: AccountId, id: string) {
  const hook = yield* ownedWebhook(accountId, id)
  const webhooks = yield* Webhooks
  const updated = yield* webhooks.setActive(hook.id, true)
  return Webhook.present(Option.getOrElse(updated, () => hook))
})

/** The webhook and its latest attempts, newest first. */
export const webhookLog = Effect.fn("WebhookLog")(function*(
  accountId: AccountId,
  id: string,
  page: { readonly limit: number; readonly before: Option.Option<DeliveryAttempt.Cursor> } = { limit: logPageSize, before: Option.none() }
) {
  const hook = yield* ownedWebhook(accountId, id)
  const log = yield* DeliveryLog
  const attempts = yield* log.listForWebhook(hook.id, page)
  return { webhook: hook, attempts }
})

/**
 * Sends a delivery again now: the same id and the same body bytes, a fresh timestamp and signatures. Recorded in the
 * log; the webhook's counters and the delivery's own state are not changed (like a test delivery).
 */
export const redeliver = Effect.fn("Redeliver")(function*(accountId: AccountId, webhookId: string, deliveryId: string) {
  const hook = yield* ownedWebhook(accountId, webhookId)
  const deliveries = yield* Deliveries
  const found = yield* deliveries.get(DeliveryId.make(deliveryId))
  if (Option.isNone(found) || found.value.webhookId !== hook.id) {
    return yield* new NotFound({ resource: "delivery", id: deliveryId })
  }
  const delivery = found.value
  const { entry, result } = yield* attempt({
    url: hook.url,
    secret: hook.secret,
    deliveryId: delivery.id,
    webhookId: hook.id,
    accountId: hook.accountId,
    event: delivery.event,
    body: delivery.body,
    timeout: testTimeout,
    trigger: "redelivery"
  })
  yield* (yield* DeliveryLog).record(entry)
  return { ok: isSuccess(result), status: result.status ?? 0, error: entry.error, attempt: entry }
})
