/** Port: the log of webhook delivery attempts, newest first per webhook, pruned by age. */
import { Context, type Option } from "effect"
import type * as DeliveryAttempt from "../DeliveryAttempt.js"
import type { WebhookId } from "../Ids.js"
import type { Storage } from "./Storage.js"

export class DeliveryLog extends Context.Service<DeliveryLog, {
  readonly record: (attempt: DeliveryAttempt.Record) => Storage<void>
  /**
   * At most `limit` attempts of the webhook, newest first (by `at`, then id), strictly after `before` in that order.
   */
  readonly listForWebhook: (
    webhookId: WebhookId,
    page: { readonly limit: number; readonly before: Option.Option<DeliveryAttempt.Cursor> }
  ) => Storage<ReadonlyArray<DeliveryAttempt.Record>>
  /** Forgets attempts made before `at`; returns how many. */
  readonly pruneBefore: (at: number) => Storage<number>
}>()("DeliveryLog") {}
