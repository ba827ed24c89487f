/** The webhook outbox in SQL: leased claims with a per-webhook in-flight cap; NOTIFY wakes senders. */
import { AccountId, BookmarkId, Deliveries, Delivery, DeliveryId, WebhookId } from "@bookmark-library/domain"
import { Array as Arr, Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { channel, SqlNotifications } from "../clients/SqlNotifications.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const fields = {
  id: DeliveryId,
  webhookId: WebhookId,
  accountId: AccountId,
  bookmarkId: Schema.NullOr(BookmarkId),
  event: Schema.String,
  body: Schema.String,
  state: Delivery.State,
  attempts: Schema.Int,
  nextAttemptAt: Int8,
  createdAt: Int8
}
const DeliveryRow = Row(fields)
/** A claimed delivery with its webhook's address and secret. */
const ClaimedRow = Row({ ...fields, url: Schema.String, secret: Schema.String })
const BacklogRow = Row({ size: Int8, retrying: Int8, oldest: NullableInt8 })

const columns = "id, webhook_id, account_id, bookmark_id, event, body, state, attempts, next_attempt_at, created_at"

/** Serialises claimers so each counts the others' committed leases against the per-webhook cap ("bkdl"). */
export const claimLockKey = 0x626b646c

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const notifications = yield* SqlNotifications
  const cols = sql.literal(columns)

  /*
   * Per active webhook with due deliveries, the oldest of them up to the room its in-flight leases leave,
   * then the oldest of those overall. The transaction-scoped advisory lock makes concurrent claimers take turns:
   * each one's statement starts after the previous committed, so it sees every lease already taken.
   */
  const claim = SqlSchema.findAll({
    Request: Schema.Struct({
      lease: Schema.Number,
      max: Schema.Number,
      maxPerWebhook: Schema.Number,
      now: Schema.Number
    }),
    Result: ClaimedRow,
    execute: ({ lease, max, maxPerWebhook, now }) =>
      sql.withTransaction(Effect.andThen(
        sql`SELECT pg_advisory_xact_lock(${claimLockKey})`,
        sql`
          WITH waiting AS (
            SELECT DISTINCT webhook_id FROM deliveries
            WHERE state = 'pending' AND next_attempt_at <= ${now}::bigint AND locked_until <= ${now}::bigint
          ),
          picked AS (
            SELECT due.id FROM waiting JOIN webhooks w ON w.id = waiting.webhook_id AND w.active
            CROSS JOIN LATERAL (
              SELECT d.id, d.next_attempt_at, d.seq FROM deliveries d
              WHERE d.webhook_id = w.id AND d.state = 'pending'
                AND d.next_attempt_at <= ${now}::bigint AND d.locked_until <= ${now}::bigint
              ORDER BY d.next_attempt_at, d.seq
              LIMIT greatest(0, ${maxPerWebhook}::integer - (
                SELECT count(*) FROM deliveries x
                WHERE x.webhook_id = w.id AND x.state = 'pending' AND x.locked_until > ${now}::bigint))
              FOR UPDATE OF d SKIP LOCKED
            ) due
            ORDER BY due.next_attempt_at, due.seq
            LIMIT ${max}
          )
          UPDATE deliveries SET locked_until = ${now + lease}
          FROM picked, webhooks w
          WHERE deliveries.id = picked.id AND w.id = deliveries.webhook_id
          RETURNING deliveries.id, deliveries.webhook_id, deliveries.account_id, deliveries.bookmark_id, deliveries.event, deliveries.body,
            deliveries.state, deliveries.attempts, deliveries.next_attempt_at, deliveries.created_at, w.url, w.secret`
      ))
  })

  const find = SqlSchema.findOneOption({
    Request: DeliveryId,
    Result: DeliveryRow,
    execute: (id) => sql`SELECT ${cols} FROM deliveries WHERE id = ${id}`
  })

  const listForWebhook = SqlSchema.findAll({
    Request: WebhookId,
    Result: DeliveryRow,
    execute: (webhookId) =>
      sql`
      SELECT ${cols} FROM deliveries WHERE webhook_id = ${webhookId} ORDER BY created_at, seq`
  })

  // Pending rows only, which the partial index `deliveries_pending` covers.
  const backlog = SqlSchema.findOneOption({
    Request: Schema.Number,
    Result: BacklogRow,
    execute: (now) =>
      sql`
      SELECT count(*) AS size, count(*) FILTER (WHERE attempts > 0) AS retrying,
        min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${now}::bigint AND locked_until <= ${now}::bigint) AS oldest
      FROM deliveries WHERE state = 'pending'`
  })

  return Deliveries.of({
    enqueue: Effect.fn("SqlDeliveries.enqueue")(function*(deliveries) {
      if (!Arr.isReadonlyArrayNonEmpty(deliveries)) return
      const rows = Arr.map(deliveries, (d) => ({
        id: d.id,
        webhook_id: d.webhookId,
        account_id: d.accountId,
        bookmark_id: d.bookmarkId,
        event: d.event,
        body: d.body,
        state: d.state,
        attempts: d.attempts,
        next_attempt_at: d.nextAttemptAt,
        created_at: d.createdAt
      }))
      // The NOTIFY is part of the statement, so it is delivered only if and when the enqueue commits.
      yield* storage(sql`
        WITH inserted AS (INSERT INTO deliveries ${sql.insert(rows)} RETURNING id)
        SELECT pg_notify(${channel}, 'deliveries') WHERE EXISTS (SELECT 1 FROM inserted)`)
    }),

    claim: Effect.fn("SqlDeliveries.claim")(function*(input) {
      const rows = yield* storage(claim(input))
      return rows
        .map(({ secret, url, ...delivery }) => ({ delivery, url, secret }))
        .sort((a, b) =>
          a.delivery.nextAttemptAt - b.delivery.nextAttemptAt || a.delivery.createdAt - b.delivery.createdAt
        )
    }),

    // A delivery cancelled while in flight stays cancelled.
    finish: Effect.fn("SqlDeliveries.finish")(function*(id, outcome) {
      const next = outcome.state === "pending" ? outcome.nextAttemptAt : null
      yield* storage(sql`
        UPDATE deliveries SET
          state = ${outcome.state}, attempts = attempts + 1, locked_until = 0,
          next_attempt_at = coalesce(${next}::bigint, next_attempt_at)
        WHERE id = ${id} AND state = 'pending'`)
    }),

    release: Effect.fn("SqlDeliveries.release")(function*(id) {
      yield* storage(sql`UPDATE deliveries SET locked_until = 0 WHERE id = ${id}`)
    }),

    cancelForWebhook: Effect.fn("SqlDeliveries.cancelForWebhook")(function*(webhookId) {
      const rows = yield* storage(sql`
        UPDATE deliveries SET state = 'cancelled', locked_until = 0
        WHERE webhook_id = ${webhookId} AND state = 'pending'
        RETURNING id`)
      return rows.length
    }),

    cancelForBookmark: Effect.fn("SqlDeliveries.cancelForBookmark")(function*(bookmarkId) {
      const rows = yield* storage(sql`
        UPDATE deliveries SET state = 'cancelled', locked_until = 0
        WHERE bookmark_id = ${bookmarkId} AND state = 'pending'
        RETURNING id`)
      return rows.length
    }),

    get: Effect.fn("SqlDeliveries.get")(function*(id) {
      return yield* storage(find(id))
    }),

    listForWebhook: Effect.fn("SqlDeliveries.listForWebhook")(function*(webhookId) {
      return yield* storage(listForWebhook(webhookId))
    }),

    backlog: Effect.fn("SqlDeliveries.backlog")(function*(now) {
      return Option.match(yield* storage(backlog(now)), {
        onNone: () => ({ size: 0, retrying: 0, oldestDueAt: null }),
        onSome: ({ oldest, retrying, size }) => ({ size, retrying, oldestDueAt: oldest })
      })
    }),

    awaitEnqueued: notifications.next("deliveries")
  })
})

export const layer = Layer.effect(Deliveries, make)
