/** Port: registered webhooks and their failure accounting. */
import { Context, type Option } from "effect"
import type { AccountId, WebhookId } from "../Ids.js"
import type * as Webhook from "../Webhook.js"
import type { Storage } from "./Storage.js"

export class Webhooks extends Context.Service<Webhooks, {
  /** Inserts unless the account already has `max` webhooks (atomic); false when full. */
  readonly insert: (webhook: Webhook.Record, max: number) => Storage<boolean>
  readonly list: (accountId: AccountId) => Storage<ReadonlyArray<Webhook.Record>>
  readonly get: (id: WebhookId) => Storage<Option.Option<Webhook.Record>>
  readonly delete: (id: WebhookId) => Storage<boolean>
  /** Active webhooks of the account subscribed to `event`. */
  readonly subscribed: (accountId: AccountId, event: Webhook.Event) => Storage<ReadonlyArray<Webhook.Record>>
  /** Applies `Webhook.recordAttempt` atomically (several attempts may finish at once). */
  readonly recordAttempt: (id: WebhookId, outcome: Webhook.AttemptOutcome) => Storage<Option.Option<Webhook.Record>>
  /** Activating also clears the failure run so the deactivation rule starts afresh. */
  readonly setActive: (id: WebhookId, active: boolean) => Storage<Option.Option<Webhook.Record>>
}>()("Webhooks") {}
