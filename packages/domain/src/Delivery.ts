/** Webhook deliveries: the envelope, the stored outbox row and the retry schedule (docs/decisions.md, "Webhooks"). */
import { Result, Schema } from "effect"
import { Bookmark } from "./Bookmark.js"
import { InvalidInput } from "./Errors.js"
import { AccountId, BookmarkId, DeliveryId, WebhookId } from "./Ids.js"
import { IsoTimestamp } from "./Timestamp.js"

/** The body sent to endpoints (docs/webhooks.md, "What a delivery looks like"). */
export const Envelope = Schema.Struct({
  id: DeliveryId,
  event: Schema.String,
  createdAt: IsoTimestamp,
  data: Bookmark
}).annotate({ identifier: "WebhookDelivery" })
export type Envelope = typeof Envelope.Type

/** The exact body bytes, fixed at enqueue time and identical on every retry. */
export const encodeBody = (envelope: Envelope): string => JSON.stringify(Schema.encodeSync(Envelope)(envelope))

export const State = Schema.Literals(["pending", "delivered", "failed", "cancelled"])
export type State = typeof State.Type

export const Record = Schema.Struct({
  id: DeliveryId,
  webhookId: WebhookId,
  accountId: AccountId,
  /** The bookmark the delivery is about (null for rows stored before deliveries named it). */
  bookmarkId: Schema.NullOr(BookmarkId),
  event: Schema.String,
  body: Schema.String,
  state: State,
  attempts: Schema.Finite,
  nextAttemptAt: Schema.Finite,
  createdAt: Schema.Finite
})
export type Record = typeof Record.Type

/** Delays after the first attempt: 10 attempts over about three days. */
export const defaultSchedule: ReadonlyArray<number> = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  14 * 3600_000,
  20 * 3600_000,
  24 * 3600_000
]

export const jitter = 0.15
export const maxRetryAfter = 24 * 3600_000
export const attemptTimeout = 15_000
export const maxInFlightPerWebhook = 4

/**
 * Delay before the next attempt after `attemptsMade` attempts, or null when none is left.
 * `random` in [0,1) spreads the delay ±15 %; a `Retry-After` (429/503) is honoured instead, capped at 24 h.
 */
export const nextDelay = (
  schedule: ReadonlyArray<number>,
  attemptsMade: number,
  random: number,
  retryAfter: number | null
): number | null => {
  const base = schedule[attemptsMade - 1]
  if (base === undefined) return null
  if (retryAfter !== null) return Math.min(Math.max(retryAfter, 1_000), maxRetryAfter)
  return Math.round(base * (1 - jitter + 2 * jitter * random))
}

const units: { readonly [unit: string]: number } = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** A duration such as `500ms`, `5s`, `30m`, `2h` or `1d`. */
export const parseDuration = (field: string, input: string): Result.Result<number, InvalidInput> => {
  const match = /^\s*(\d{1,9})\s*(ms|s|m|h|d)\s*$/.exec(input)
  const unit = match?.[2]
  return match === null || unit === undefined
    ? Result.fail(new InvalidInput({ field, reason: `'${input}' is not a duration such as 500ms, 5s, 30m, 2h or 1d` }))
    : Result.succeed(Number(match[1]) * (units[unit] ?? 1))
}

/** `WEBHOOK_RETRY_SCHEDULE`: comma-separated durations, e.g. `1s,1s,2s`. */
export const parseSchedule = (input: string): Result.Result<Array<number>, InvalidInput> =>
  Result.all(input.split(",").map((part) => parseDuration("WEBHOOK_RETRY_SCHEDULE", part)))
