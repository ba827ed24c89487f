/** Webhooks in SQL: the per-account cap and failure accounting are single atomic statements. */
import * as SqlClient from "@effect/sql/SqlClient"
import { AccountId, Webhook, WebhookId, Webhooks } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeAll, decodeFirst, Int8, NullableInt8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: WebhookId,
  account_id: AccountId,
  url: Schema.String,
  events: Schema.Array(Webhook.Event),
  description: Schema.String,
  active: Schema.Boolean,
  secret: Schema.String,
  failure_count: Schema.Int,
  last_status: Schema.Int,
  last_delivered_at: NullableInt8,
  failing_since: NullableInt8,
  created_at: Int8
})
const toRecord = (row: typeof Row.Type): Webhook.Record => ({
  id: row.id,
  accountId: row.account_id,
  url: row.url,
  events: row.events,
  description: row.description,
  active: row.active,
  secret: row.secret,
  failureCount: row.failure_count,
  lastStatus: row.last_status,
  lastDeliveredAt: row.last_delivered_at,
  failingSince: row.failing_since,
  createdAt: row.created_at
})

const columns = `id, account_id, url, events, description, active, secret, failure_count, last_status,
  last_delivered_at, failing_since, created_at`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const first = decodeFirst(Row)
  const all = decodeAll(Row)
  const one = (rows: ReadonlyArray<unknown>) => storage(Effect.map(first(rows), Option.map(toRecord)))
  const many = (rows: ReadonlyArray<unknown>) => storage(Effect.map(all(rows), (rs) => rs.map(toRecord)))
  const cols = sql.literal(columns)

  return Webhooks.of({
    // The account's counter is checked and bumped under its row lock, so concurrent inserts cannot pass the cap.
    insert: Effect.fn("SqlWebhooks.insert")(function*(w, max) {
      const rows = yield* storage(sql`
        WITH slot AS (
          UPDATE accounts SET webhook_count = webhook_count + 1
          WHERE id = ${w.accountId} AND webhook_count < ${max}
          RETURNING id
        )
        INSERT INTO webhooks (${cols})
        SELECT ${w.id}, slot.id, ${w.url}, ${w.events}::text[], ${w.description}, ${w.active}, ${w.secret},
          ${w.failureCount}, ${w.lastStatus}, ${w.lastDeliveredAt}::bigint, ${w.failingSince}::bigint, ${w.createdAt}
        FROM slot
        RETURNING id`)
      return rows.length > 0
    }),

    list: Effect.fn("SqlWebhooks.list")(function*(accountId) {
      return yield* many(yield* storage(sql`
        SELECT ${cols} FROM webhooks WHERE account_id = ${accountId} ORDER BY created_at, seq`))
    }),

    get: Effect.fn("SqlWebhooks.get")(function*(id) {
      return yield* one(yield* storage(sql`SELECT ${cols} FROM webhooks WHERE id = ${id}`))
    }),

    delete: Effect.fn("SqlWebhooks.delete")(function*(id) {
      const rows = yield* storage(sql`
        WITH gone AS (DELETE FROM webhooks WHERE id = ${id} RETURNING account_id)
        UPDATE accounts SET webhook_count = webhook_count - 1
        FROM gone WHERE accounts.id = gone.account_id
        RETURNING accounts.id`)
      return rows.length > 0
    }),

    subscribed: Effect.fn("SqlWebhooks.subscribed")(function*(accountId, event) {
      return yield* many(yield* storage(sql`
        SELECT ${cols} FROM webhooks
        WHERE account_id = ${accountId} AND active AND events @> ${[event]}::text[]
        ORDER BY created_at, seq`))
    }),

    // Webhook.recordAttempt, as one UPDATE: attempts finishing at once are each counted.
    recordAttempt: Effect.fn("SqlWebhooks.recordAttempt")(function*(id, outcome) {
      return yield* one(yield* storage(sql`
        UPDATE webhooks SET
          failure_count = CASE WHEN ${outcome.ok}::boolean THEN 0 ELSE failure_count + 1 END,
          last_status = coalesce(${outcome.status}::integer, last_status),
          last_delivered_at = CASE WHEN ${outcome.status}::integer IS NULL
            THEN last_delivered_at ELSE ${outcome.at}::bigint END,
          failing_since = CASE WHEN ${outcome.ok}::boolean
            THEN NULL ELSE coalesce(failing_since, ${outcome.at}::bigint) END
        WHERE id = ${id}
        RETURNING ${cols}`))
    }),

    setActive: Effect.fn("SqlWebhooks.setActive")(function*(id, active) {
      return yield* one(yield* storage(sql`
        UPDATE webhooks SET
          active = ${active}::boolean,
          failure_count = CASE WHEN ${active}::boolean THEN 0 ELSE failure_count END,
          failing_since = CASE WHEN ${active}::boolean THEN NULL ELSE failing_since END
        WHERE id = ${id}
        RETURNING ${cols}`))
    })
  })
})

export const layer = Layer.effect(Webhooks, make)
