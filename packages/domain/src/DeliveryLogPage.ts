/**
 * The delivery log as the API shows it (docs/api.md, "List a webhook's deliveries"): one entry per attempt, newest
 * first, paged by an opaque cursor, `limit` as for bookmarks.
 */
import { Option, Result, Schema } from "effect"
import * as DeliveryAttempt from "./DeliveryAttempt.js"
import { InvalidInput } from "./Errors.js"
import { AttemptId, DeliveryId } from "./Ids.js"
import * as Pagination from "./Pagination.js"
import * as Text from "./Text.js"
import * as Timestamp from "./Timestamp.js"

/** The raw query parameters; unknown ones are ignored. */
export const ListParams = Schema.Struct({
  limit: Schema.optional(Schema.String.annotate({
    description: `Attempts per page, 1 to 100 (default ${Pagination.defaultLimit}; larger values are treated as 100)`
  })),
  before: Schema.optional(Schema.String.annotate({ description: "The `next` of the previous page" }))
}).annotate({ identifier: "DeliveryListParams" })
export type ListParams = typeof ListParams.Type

/** `<at>.<attempt id>`: the attempt's time and id order the log; ids never contain a dot. */
export const encodeCursor = (cursor: DeliveryAttempt.Cursor): string => `${cursor.at}.${cursor.id}`

const cursorShape = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/

export const parseCursor = (text: string): Result.Result<DeliveryAttempt.Cursor, InvalidInput> => {
  const match = cursorShape.exec(text)
  const at = Number(match?.[1])
  const id = match?.[2]
  return id === undefined || !Number.isSafeInteger(at)
    ? Result.fail(new InvalidInput({ field: "before", reason: "must be the `next` of a previous page" }))
    : Result.succeed({ at, id: AttemptId.make(id) })
}

export const parseParams = (params: ListParams) =>
  Result.gen(function*() {
    const limit = yield* Pagination.parseLimit(
      params.limit === undefined ? undefined : yield* Text.check("limit", params.limit)
    )
    const before = params.before === undefined
      ? Option.none<DeliveryAttempt.Cursor>()
      : Option.some(yield* parseCursor(yield* Text.check("before", params.before)))
    return { limit, before }
  })

/** One attempt as the API shows it. */
export const Attempt = Schema.Struct({
  id: AttemptId.annotate({ description: "The attempt's id" }),
  deliveryId: DeliveryId.annotate({
    description:
      "The delivery's id: the same on every retry and redelivery of one event, as `webhook-id` and `X-Service-Delivery` say"
  }),
  event: Schema.String.annotate({ description: "The event delivered, e.g. `bookmark.saved`" }),
  trigger: DeliveryAttempt.Trigger.annotate({
    description: "What made the attempt: `delivery` (the queue, retries included), `test` or `redelivery`"
  }),
  at: Timestamp.IsoTimestamp.annotate({ description: "When the attempt started" }),
  status: Schema.NullOr(Schema.Int).annotate({
    description: "The HTTP status the endpoint answered; null when it gave no answer"
  }),
  error: Schema.NullOr(Schema.String).annotate({
    description: "Why there was no answer (`timeout`, `connection refused`, …); null when it answered"
  }),
  durationMs: Schema.Int.annotate({ description: "How long the attempt took, in milliseconds" }),
  responseSnippet: Schema.String.annotate({ description: "The start of the endpoint's answer, at most 1 KiB" })
}).annotate({ identifier: "DeliveryAttempt", description: "One attempt to deliver an event to a webhook" })
export type Attempt = typeof Attempt.Type

export const Page = Schema.Struct({
  attempts: Schema.Array(Attempt).annotate({ description: "Attempts of this page, newest first" }),
  next: Schema.NullOr(Schema.String).annotate({ description: "The `before` of the next page; null on the last page" })
}).annotate({ identifier: "DeliveryAttemptPage", description: "A page of a webhook's delivery log" })
export type Page = typeof Page.Type

export const present = (record: DeliveryAttempt.Record): Attempt => ({
  id: record.id,
  deliveryId: record.deliveryId,
  event: record.event,
  trigger: record.trigger,
  at: Timestamp.toIso(record.at),
  status: record.status,
  error: record.error,
  durationMs: Math.round(record.durationMs),
  responseSnippet: record.responseSnippet
})

/** A page from `limit + 1` fetched attempts: the cursor exists only when more attempts do. */
export const page = (fetched: ReadonlyArray<DeliveryAttempt.Record>, limit: number): Page => {
  const rows = fetched.slice(0, limit)
  const last = rows[rows.length - 1]
  return {
    attempts: rows.map(present),
    next: fetched.length > limit && last !== undefined ? encodeCursor({ at: last.at, id: last.id }) : null
  }
}

/** The answer of a redelivery: as a test delivery's, with the attempt it made. */
export const Redelivered = Schema.Struct({
  ok: Schema.Boolean.annotate({ description: "Whether the endpoint answered with a 2xx status" }),
  status: Schema.Int.annotate({ description: "The status the endpoint answered with; 0 when it gave no answer" }),
  error: Schema.optionalKey(Schema.String.annotate({ description: "Why there was no answer (timeout, refused, …)" })),
  attempt: Attempt
}).annotate({ identifier: "Redelivered", description: "The outcome of sending a delivery again" })
export type Redelivered = typeof Redelivered.Type
