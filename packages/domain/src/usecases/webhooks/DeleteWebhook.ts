/** Use case: delete a webhook of the account and cancel its pending deliveries. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { Transactor } from "../../ports/Transactor.js"
import { Webhooks } from "../../ports/Webhooks.js"
import { ownedWebhook } from "./OwnedWebhook.js"

export const deleteWebhook = Effect.fn("DeleteWebhook")(function*(accountId: AccountId, id: string) {
  const hook = yield* ownedWebhook(accountId, id)
  const webhooks = yield* Webhooks
  const deliveries = yield* Deliveries
  const tx = yield* Transactor
  yield* tx.atomic(Effect.gen(function*() {
    yield* deliveries.cancelForWebhook(hook.id)
    yield* webhooks.delete(hook.id)
  }))
  return { ok: true as const }
})
