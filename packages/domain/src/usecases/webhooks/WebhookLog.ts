/** Use case of the web app and the delivery-log API: a webhook with its latest attempts. */
import { Effect, Option } from "effect"
import type * as Actor from "../../Actor.js"
import type * as DeliveryAttempt from "../../DeliveryAttempt.js"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { webhookFor } from "./OwnedWebhook.js"

/** How many attempts the app shows per webhook. */
export const logPageSize = 100

/** The webhook and its latest attempts, newest first. */
export const webhookLog = Effect.fn("WebhookLog")(function*(
  actor: Actor.Actor,
  id: string,
  page: { readonly limit: number; readonly before: Option.Option<DeliveryAttempt.Cursor> } = {
    limit: logPageSize,
    before: Option.none()
  }
) {
  const hook = yield* webhookFor(actor, id)
  const log = yield* DeliveryLog
  const attempts = yield* log.listForWebhook(hook.id, page)
  return { webhook: hook, attempts }
})
