/** Shared step: a webhook of the caller's account (unknown → NotFound, another account's → Forbidden). */
import { Effect, Option } from "effect"
import { Forbidden, NotFound } from "../Errors.js"
import { type AccountId, isWellFormed, WebhookId } from "../Ids.js"
import { Webhooks } from "../ports/Webhooks.js"

export const ownedWebhook = Effect.fn("Webhooks.owned")(function*(accountId: AccountId, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "webhook", id })
  const webhooks = yield* Webhooks
  const found = yield* webhooks.get(WebhookId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "webhook", id })
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "webhook", id })
  return found.value
})
