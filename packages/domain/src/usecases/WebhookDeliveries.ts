/**
 * Use cases of the delivery-log API (docs/api.md, "List a webhook's deliveries", "Redeliver"): a page of a
 * webhook's attempts and a redelivery, for the webhook's account or for the operator.
 */
import { Effect, Option } from "effect"
import * as DeliveryLogPage from "../DeliveryLogPage.js"
import { NotFound } from "../Errors.js"
import { type AccountId, isWellFormed, WebhookId } from "../Ids.js"
import { Webhooks } from "../ports/Webhooks.js"
import { redeliver, webhookLog } from "./AccountWebhooks.js"

/** A page of the account's webhook's attempts, newest first. */
export const listDeliveries = Effect.fn("ListDeliveries")(function*(
  accountId: AccountId,
  webhookId: string,
  params: DeliveryLogPage.ListParams
) {
  const { before, limit } = yield* DeliveryLogPage.parseParams(params)
  const { attempts } = yield* webhookLog(accountId, webhookId, { limit: limit + 1, before })
  return DeliveryLogPage.page(attempts, limit)
})

/**
 * Sends one of the webhook's deliveries again now: the same delivery id and body, a fresh timestamp and signatures
 * (AccountWebhooks.redeliver). An id that cannot exist is not looked up.
 */
export const redeliverDelivery = Effect.fn("RedeliverDelivery")(function*(
  accountId: AccountId,
  webhookId: string,
  deliveryId: string
) {
  if (!isWellFormed(deliveryId)) return yield* new NotFound({ resource: "delivery", id: deliveryId })
  const done = yield* redeliver(accountId, webhookId, deliveryId)
  const answer: DeliveryLogPage.Redelivered = {
    ok: done.ok,
    status: done.status,
    ...(done.error === null ? {} : { error: done.error }),
    attempt: DeliveryLogPage.present(done.attempt)
  }
  return answer
})

/** The operator acts for the webhook's own account. */
const accountOf = Effect.fn("Webhooks.accountOf")(function*(webhookId: string) {
  if (!isWellFormed(webhookId)) return yield* new NotFound({ resource: "webhook", id: webhookId })
  const found = yield* (yield* Webhooks).get(WebhookId.make(webhookId))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "webhook", id: webhookId })
  return found.value.accountId
})

// Acting for the webhook's own account, the ownership check cannot refuse: a Forbidden here would be a bug.
export const adminListDeliveries = (webhookId: string, params: DeliveryLogPage.ListParams) =>
  Effect.flatMap(accountOf(webhookId), (accountId) => listDeliveries(accountId, webhookId, params)).pipe(
    Effect.catchTag("Forbidden", Effect.die)
  )

export const adminRedeliver = (webhookId: string, deliveryId: string) =>
  Effect.flatMap(accountOf(webhookId), (accountId) => redeliverDelivery(accountId, webhookId, deliveryId)).pipe(
    Effect.catchTag("Forbidden", Effect.die)
  )
