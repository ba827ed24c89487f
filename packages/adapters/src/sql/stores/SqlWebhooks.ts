/** Webhooks in SQL: the per-account cap and failure accounting are single atomic statements. */
import { AccountId, Webhook, WebhookId, Webhooks } from "@bookmark-library/domain"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const WebhookRow = Row({
  id: WebhookId,
  accountId: AccountId,
  url: Schema.String,
  events: Schema.Array(Webhook.Event),
  description: Schema.String,
  active: Schema.Boolean,
  secret: Schema.String,
  failureCount: Schema.Int,
  lastStatus: Schema.Int,
  lastDeliveredAt: NullableInt8,
  failingSince: NullableInt8,
  createdAt: Int8
})

const columns = `id, account_id, url, events, description, active, secret, failure_count, last_status,
  last_delivered_at, failing_since, created_at`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)

  const list = SqlSchema.findAll({
    Request: AccountId,
    Result: WebhookRow,
    execute: (accountId) =>
      sql`
      SELECT ${cols} FROM webhooks WHERE account_id = ${accountId} ORDER BY created_at, seq`
  })

  const find = SqlSchema.findOneOption({
    Request: WebhookId,
    Result: WebhookRow,
    execute: (id) => sql`SELECT ${cols} FROM webhooks WHERE id = ${id}`
  })

  const subscribed = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, event: Webhook.Event }),
    Result: WebhookRow,
    execute: ({ accountId, event }) =>
      sql`
      SELECT ${cols} FROM webhooks
      WHERE account_id = ${accountId} AND active AND events @> ${[event]}::text[]
      ORDER BY created_at, seq`
  })

  // Webhook.recordAttempt, as one UPDATE: attempts finishing at once are each counted.
  const recordAttempt = SqlSchema.findOneOption({
    Request: Schema.Struct({
      id: WebhookId,
      outcome: Schema.Struct({ at: Schema.Number, status: Schema.NullOr(Schema.Number), ok: Schema.Boolean })
    }),
    Result: WebhookRow,
    execute: ({ id, outcome }) =>
      sql`
      UPDATE webhooks SET
        failure_count = CASE WHEN ${outcome.ok}::boolean THEN 0 ELSE failure_count + 1 END,
        last_status = coalesce(${outcome.status}::integer, last_status),
        last_delivered_at = CASE WHEN ${outcome.status}::integer IS NULL
          THEN last_delivered_at ELSE ${outcome.at}::bigint END,
        failing_since = CASE WHEN ${outcome.ok}::boolean
          THEN NULL ELSE coalesce(failing_since, ${outcome.at}::bigint) END
      WHERE id = ${id}
      RETURNING ${cols}`
  })

  const setActive = SqlSchema.findOneOption({
    Request: Schema.Struct({ id: WebhookId, active: Schema.Boolean }),
    Result: WebhookRow,
    execute: ({ active, id }) =>
      sql`
      UPDATE webhooks SET
        active = ${active}::boolean,
        failure_count = CASE WHEN ${active}::boolean THEN 0 ELSE failure_count END,
        failing_since = CASE WHEN ${active}::boolean THEN NULL ELSE failing_since END
      WHERE id = ${id}
      RETURNING ${cols}`
  })

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
      return yield* storage(list(accountId))
    }),

    get: Effect.fn("SqlWebhooks.get")(function*(id) {
      return yield* storage(find(id))
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
      return yield* storage(subscribed({ accountId, event }))
    }),

    recordAttempt: Effect.fn("SqlWebhooks.recordAttempt")(function*(id, outcome) {
      return yield* storage(recordAttempt({ id, outcome }))
    }),

    setActive: Effect.fn("SqlWebhooks.setActive")(function*(id, active) {
      return yield* storage(setActive({ id, active }))
    })
  })
})

export const layer = Layer.effect(Webhooks, make)
