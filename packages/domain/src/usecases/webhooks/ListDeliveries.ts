/** Use case: a page of a webhook's delivery log (docs/api.md, "List a webhook's deliveries"). */
import { Effect } from "effect"
import type * as Actor from "../../Actor.js"
import * as DeliveryLogPage from "../../DeliveryLogPage.js"
import { webhookLog } from "./WebhookLog.js"

/** A page of the webhook's attempts, newest first. */
export const listDeliveries = Effect.fn("ListDeliveries")(function*(
  actor: Actor.Actor,
  webhookId: string,
  params: DeliveryLogPage.ListParams
) {
  const { before, limit } = yield* Effect.fromResult(DeliveryLogPage.parseParams(params))
  const { attempts } = yield* webhookLog(actor, webhookId, { limit: limit + 1, before })
  return DeliveryLogPage.page(attempts, limit)
})
