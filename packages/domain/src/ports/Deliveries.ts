/** Port: the webhook delivery outbox. */
import { Context, type Effect, type Option } from "effect"
import type * as Delivery from "../Delivery.js"
import type { BookmarkId, DeliveryId, WebhookId } from "../Ids.js"
import type { Backlog } from "./Jobs.js"
import type { Storage } from "./Storage.js"

/** A claimed delivery with what is needed to send it. */
export interface Claimed {
  readonly delivery: Delivery.Record
  readonly url: string
  readonly secret: string
}

export class Deliveries extends Context.Service<Deliveries, {
  readonly enqueue: (deliveries: ReadonlyArray<Delivery.Record>) => Storage<void>
  /**
   * Claims up to `max` pending deliveries due at `now` of active webhooks, leasing them until `now + lease`,
   * never more than `maxPerWebhook` leased at once for one webhook. Concurrent claimers never share one.
   */
  readonly claim: (input: {
    readonly now: number
    readonly lease: number
    readonly max: number
    readonly maxPerWebhook: number
  }) => Storage<ReadonlyArray<Claimed>>
  /** Records a finished attempt: `delivered`, `failed` (no attempts left), or pending again at `nextAttemptAt`. */
  readonly finish: (
    id: DeliveryId,
    outcome:
      | { readonly state: "delivered" | "failed" }
      | { readonly state: "pending"; readonly nextAttemptAt: number }
  ) => Storage<void>
  /** Frees the lease without counting an attempt (graceful shutdown). */
  readonly release: (id: DeliveryId) => Storage<void>
  /** Cancels every pending delivery of the webhook; returns how many. */
  readonly cancelForWebhook: (webhookId: WebhookId) => Storage<number>
  /** Cancels every pending delivery about the bookmark (it was deleted); returns how many. */
  readonly cancelForBookmark: (bookmarkId: BookmarkId) => Storage<number>
  readonly get: (id: DeliveryId) => Storage<Option.Option<Delivery.Record>>
  readonly listForWebhook: (webhookId: WebhookId) => Storage<ReadonlyArray<Delivery.Record>>
  /**
   * The pending deliveries at `now` (of active and inactive webhooks alike), how many of them wait for a retry
   * (attempted at least once), and the longest wait of a due one: one cheap read, made when the metrics are scraped.
   */
  readonly backlog: (now: number) => Storage<Backlog & { readonly retrying: number }>
  /** Completes when a delivery may have been enqueued since the call (a hint; callers also poll). */
  readonly awaitEnqueued: Effect.Effect<void>
}>()("Deliveries") {}
