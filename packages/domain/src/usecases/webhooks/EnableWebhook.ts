/** Use case: re-activate a webhook; its failure run starts afresh. */
import { Effect, Option } from "effect"
import type * as Actor from "../../Actor.js"
import { Webhooks } from "../../ports/Webhooks.js"
import * as Webhook from "../../Webhook.js"
import { webhookFor } from "./OwnedWebhook.js"

/** Re-activates a webhook (the operator any, an account its own); its failure run starts afresh. */
export const enableWebhook = Effect.fn("EnableWebhook")(function*(actor: Actor.Actor, id: string) {
  const hook = yield* webhookFor(actor, id)
  const webhooks = yield* Webhooks
  const updated = yield* webhooks.setActive(hook.id, true)
  return Webhook.present(Option.getOrElse(updated, () => hook))
})
