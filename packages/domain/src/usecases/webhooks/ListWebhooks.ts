/** Use case: the account's webhooks (with secrets) and the events that can be subscribed to. */
import { Effect, Schema } from "effect"
import type { AccountId } from "../../Ids.js"
import { Webhooks } from "../../ports/Webhooks.js"
import * as Webhook from "../../Webhook.js"

export const WebhookList = Schema.Struct({
  webhooks: Schema.Array(Webhook.Webhook).annotate({ description: "The account's webhooks, oldest first" }),
  events: Schema.Array(Schema.String).annotate({ description: "The event names a webhook can subscribe to" })
}).annotate({ identifier: "WebhookList", description: "The account's webhooks and the known events" })
export type WebhookList = typeof WebhookList.Type

export const listWebhooks = Effect.fn("ListWebhooks")(function*(accountId: AccountId) {
  const webhooks = yield* Webhooks
  const list: WebhookList = {
    webhooks: (yield* webhooks.list(accountId)).map(Webhook.present),
    events: [...Webhook.events]
  }
  return list
})
