/** Use case: send one of a webhook's deliveries again now (docs/api.md, "Redeliver"). */
import { Effect, Option } from "effect"
import type * as Actor from "../../Actor.js"
import * as DeliveryLogPage from "../../DeliveryLogPage.js"
import { NotFound } from "../../Errors.js"
import { DeliveryId, isWellFormed } from "../../Ids.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { attempt, isSuccess } from "./DeliverWebhook.js"
import { webhookFor } from "./OwnedWebhook.js"
import { testTimeout } from "./TestWebhook.js"

/**
 * Sends one of the webhook's deliveries again now: the same delivery id and body bytes, a fresh timestamp and
 * signatures. Recorded in the log; the webhook's counters and the delivery's own state are not changed (like a test
 * delivery). An id that cannot exist is not looked up.
 */
export const redeliver = Effect.fn("Redeliver")(function*(actor: Actor.Actor, webhookId: string, deliveryId: string) {
  if (!isWellFormed(deliveryId)) return yield* new NotFound({ resource: "delivery", id: deliveryId })
  const hook = yield* webhookFor(actor, webhookId)
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
  const answer: DeliveryLogPage.Redelivered = {
    ok: isSuccess(result),
    status: result.status ?? 0,
    ...(entry.error === null ? {} : { error: entry.error }),
    attempt: DeliveryLogPage.present(entry)
  }
  return answer
})
