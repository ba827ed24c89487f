/**
 * The delivery log in SQL: one row per attempt, read newest first per webhook by a keyset cursor (ids in byte order).
 */
import { AccountId, AttemptId, DeliveryAttempt, DeliveryId, DeliveryLog, WebhookId } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const AttemptRow = Row({
  id: AttemptId,
  deliveryId: DeliveryId,
  webhookId: WebhookId,
  accountId: AccountId,
  event: Schema.String,
  trigger: DeliveryAttempt.Trigger,
  at: Int8,
  status: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String),
  durationMs: Schema.Int,
  responseSnippet: Schema.String
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const listForWebhook = SqlSchema.findAll({
    Request: Schema.Struct({
      webhookId: WebhookId,
      before: Schema.Option(Schema.Struct({ at: Schema.Number, id: AttemptId })),
      limit: Schema.Number
    }),
    Result: AttemptRow,
    execute: ({ before, limit, webhookId }) => {
      const after = Option.match(before, {
        onNone: () => sql`TRUE`,
        onSome: (cursor) => sql`(at, id COLLATE "C") < (${cursor.at}::bigint, ${cursor.id}::text COLLATE "C")`
      })
      return sql`
        SELECT id, delivery_id, webhook_id, account_id, event, trigger, at, status, error, duration_ms, response_snippet
        FROM delivery_attempts
        WHERE webhook_id = ${webhookId} AND ${after}
        ORDER BY at DESC, id COLLATE "C" DESC
        LIMIT ${limit}`
    }
  })

  return DeliveryLog.of({
    record: Effect.fn("SqlDeliveryLog.record")(function*(a) {
      yield* storage(sql`
        INSERT INTO delivery_attempts
          (id, delivery_id, webhook_id, account_id, event, trigger, at, status, error, duration_ms, response_snippet)
        VALUES (${a.id}, ${a.deliveryId}, ${a.webhookId}, ${a.accountId}, ${a.event}, ${a.trigger}, ${a.at},
          ${a.status}::integer, ${a.error}::text, ${Math.round(a.durationMs)}, ${a.responseSnippet})`)
    }),
    listForWebhook: Effect.fn("SqlDeliveryLog.listForWebhook")(function*(webhookId, { before, limit }) {
      return yield* storage(listForWebhook({ webhookId, before, limit }))
    }),
    pruneBefore: Effect.fn("SqlDeliveryLog.pruneBefore")(function*(at) {
      const rows = yield* storage(sql`DELETE FROM delivery_attempts WHERE at < ${at} RETURNING id`)
      return rows.length
    })
  })
})

export const layer = Layer.effect(DeliveryLog, make)
