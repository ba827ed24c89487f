/** Shared step: a webhook the actor may act on (unknown → NotFound, another account's → Forbidden). */
import { Effect, Option } from "effect"
import * as Actor from "../../Actor.js"
import { Forbidden, NotFound } from "../../Errors.js"
import { type AccountId, isWellFormed, WebhookId } from "../../Ids.js"
import { Webhooks } from "../../ports/Webhooks.js"

export const webhookFor = Effect.fn("Webhooks.owned")(function*(actor: Actor.Actor, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "webhook", id })
  const webhooks = yield* Webhooks
  const found = yield* webhooks.get(WebhookId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "webhook", id })
  if (!Actor.actsFor(actor, found.value.accountId)) return yield* new Forbidden({ resource: "webhook", id })
  return found.value
})

/** A webhook of the caller's account. */
export const ownedWebhook = (accountId: AccountId, id: string) => webhookFor(Actor.account(accountId), id)
