/** Use case: register a webhook endpoint after checking its URL, events, address policy and the account's count. */
import { Clock, Effect } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Settings } from "../../ports/Settings.js"
import { Webhooks } from "../../ports/Webhooks.js"
import { WebhookSender } from "../../ports/WebhookSender.js"
import * as Webhook from "../../Webhook.js"

export const registerWebhook = Effect.fn("RegisterWebhook")(
  function*(accountId: AccountId, payload: Webhook.RegisterPayload) {
    const settings = yield* Settings
    const url = yield* Effect.fromResult(Webhook.parseEndpoint(payload.url, settings.allowHttpWebhooks))
    const events = yield* Effect.fromResult(Webhook.parseEvents(payload.events))
    const description = (payload.description ?? "").trim()
    if (description.length > Webhook.maxDescriptionLength) {
      return yield* new InvalidInput({
        field: "description",
        reason: `must be at most ${Webhook.maxDescriptionLength} characters`
      })
    }
    const sender = yield* WebhookSender
    yield* sender.checkTarget(url).pipe(
      Effect.mapError((e) => new InvalidInput({ field: "url", reason: `endpoint not allowed: ${e.reason}` }))
    )
    const ids = yield* IdGenerator
    const webhooks = yield* Webhooks
    const record: Webhook.Record = {
      id: yield* ids.make("webhook"),
      accountId,
      url: url.href,
      events,
      description,
      active: true,
      secret: Webhook.makeSecret(yield* ids.bytes(32)),
      failureCount: 0,
      lastStatus: 0,
      lastDeliveredAt: null,
      failingSince: null,
      createdAt: yield* Clock.currentTimeMillis
    }
    const inserted = yield* webhooks.insert(record, Webhook.maxPerAccount)
    if (!inserted) {
      return yield* new InvalidInput({
        field: "webhooks",
        reason: `an account may have at most ${Webhook.maxPerAccount} webhooks`
      })
    }
    const registered: Webhook.Registered = {
      id: record.id,
      url: record.url,
      events: record.events,
      active: record.active,
      secret: record.secret
    }
    return registered
  }
)
