/** The delivery log in SQL: one row per attempt, read newest first per webhook by a keyset cursor (ids in byte order). */
import * as SqlClient from "@effect/sql/SqlClient"
import { AccountId, AttemptId, DeliveryAttempt, DeliveryId, DeliveryLog, WebhookId } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeAll, Int8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: AttemptId,
  delivery_id: DeliveryId,
  webhook_id: WebhookId,
  account_id: AccountId,
  event: Schema.String,
  trigger: DeliveryAttempt.Trigger,
  at: Int8,
  status: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String),
  duration_ms: Schema.Int,
  response_snippet: Schema.String
})
const toRecord = (row: typeof Row.Type): DeliveryAttempt.Record => ({
  id: row.id,
  deliveryId: row.delivery_id,
  webhookId: row.webhook_id,
  accountId: row.account_id,
  event: row.event,
  trigger: row.trigger,
  at: row.at,
  status: row.status,
  error: row.error,
  durationMs: row.duration_ms,
  responseSnippet: row.response_snippet
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const all = decodeAll(Row)

  return DeliveryLog.of({
    record: Effect.fn("SqlDeliveryLog.record")(function*(a) {
      yield* storage(sql`
        INSERT INTO delivery_attempts
          (id, delivery_id, webhook_id, account_id, event, trigger, at, status, error, duration_ms, response_snippet)
        VALUES (${a.id}, ${a.deliveryId}, ${a.webhookId}, ${a.accountId}, ${a.event}, ${a.trigger}, ${a.at},
          ${a.status}::integer, ${a.error}::text, ${Math.round(a.durationMs)}, ${a.responseSnippet})`)
    }),
    listForWebhook: Effect.fn("SqlDeliveryLog.listForWebhook")(function*(webhookId, { before, limit }) {
      const after = Option.match(before, {
        onNone: () => sql`TRUE`,
        onSome: (cursor) => sql`(at, id COLLATE "C") < (${cursor.at}::bigint, ${cursor.id}::text COLLATE "C")`
      })
      const rows = yield* storage(sql`
        SELECT id, delivery_id, webhook_id, account_id, event, trigger, at, status, error, duration_ms, response_snippet
        FROM delivery_attempts
        WHERE webhook_id = ${webhookId} AND ${after}
        ORDER BY at DESC, id COLLATE "C" DESC
        LIMIT ${limit}`)
      return (yield* storage(all(rows))).map(toRecord)
    }),
    pruneBefore: Effect.fn("SqlDeliveryLog.pruneBefore")(function*(at) {
      const rows = yield* storage(sql`DELETE FROM delivery_attempts WHERE at < ${at} RETURNING id`)
      return rows.length
    })
  })
})

export const layer = Layer.effect(DeliveryLog, make)
