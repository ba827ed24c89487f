/**
 * Bulk runs in SQL: the record with its selection (read apart); one process at a time by lease; a step moves only
 * from where the run stood (docs/lists.md, "Bulk actions").
 */
import { AccountId, Bulk, BulkId, BulkRuns } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const RunRow = Row({
  id: BulkId,
  accountId: AccountId,
  action: Bulk.Action,
  tags: Schema.Array(Schema.String),
  listId: Schema.String,
  job: Schema.Boolean,
  state: Bulk.State,
  total: Schema.Int,
  position: Schema.Int,
  ok: Schema.Int,
  notFound: Schema.Int,
  failed: Schema.Int,
  results: Schema.Array(Bulk.ItemResult),
  createdAt: Int8,
  finishedAt: NullableInt8
})

const SelectionRow = Row({ selection: Schema.Array(Schema.String) })

const toRecord = (row: typeof RunRow.Type): Bulk.Record => ({
  id: row.id,
  accountId: row.accountId,
  operation: { action: row.action, tags: row.tags, listId: row.listId },
  job: row.job,
  state: row.state,
  total: row.total,
  position: row.position,
  ok: row.ok,
  notFound: row.notFound,
  failed: row.failed,
  results: row.results,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt
})

const columns =
  `id, account_id, action, tags, list_id, job, state, total, position, ok, not_found, failed, results, created_at,
  finished_at`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)

  const find = SqlSchema.findOneOption({
    Request: BulkId,
    Result: RunRow,
    execute: (id) => sql`SELECT ${cols} FROM bulk_runs WHERE id = ${id}`
  })

  const selection = SqlSchema.findOneOption({
    Request: BulkId,
    Result: SelectionRow,
    execute: (id) => sql`SELECT selection FROM bulk_runs WHERE id = ${id}`
  })

  const claim = SqlSchema.findOneOption({
    Request: Schema.Struct({ lease: Schema.Number, now: Schema.Number }),
    Result: RunRow,
    execute: ({ lease, now }) =>
      sql`
      UPDATE bulk_runs SET locked_until = ${now + lease}
      WHERE id = (
        SELECT id FROM bulk_runs WHERE state = 'running' AND locked_until <= ${now}
        ORDER BY created_at, seq LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING ${cols}`
  })

  return BulkRuns.of({
    create: Effect.fn("SqlBulkRuns.create")(function*(r, ids, lockedUntil) {
      yield* storage(sql`
        INSERT INTO bulk_runs (id, account_id, action, tags, list_id, job, state, total, position, ok, not_found,
          failed, results, selection, created_at, finished_at, locked_until)
        VALUES (${r.id}, ${r.accountId}, ${r.operation.action}, ${JSON.stringify(r.operation.tags)}::jsonb,
          ${r.operation.listId}, ${r.job}, ${r.state}, ${r.total}, ${r.position}, ${r.ok}, ${r.notFound}, ${r.failed},
          ${JSON.stringify(r.results)}::jsonb, ${JSON.stringify(ids)}::jsonb, ${r.createdAt}, ${r.finishedAt},
          ${lockedUntil})`)
    }),

    get: Effect.fn("SqlBulkRuns.get")(function*(id) {
      return Option.map(yield* storage(find(id)), toRecord)
    }),

    selection: Effect.fn("SqlBulkRuns.selection")(function*(id) {
      return Option.map(yield* storage(selection(id)), (row) => row.selection)
    }),

    claim: Effect.fn("SqlBulkRuns.claim")(function*(input) {
      return Option.map(yield* storage(claim(input)), toRecord)
    }),

    // Only from `from`: a process whose lease ran out and was taken over finds the position moved and stops.
    advance: Effect.fn("SqlBulkRuns.advance")(function*(id, from, step, leaseUntil) {
      const rows = yield* storage(sql`
        UPDATE bulk_runs SET
          position = ${step.position},
          ok = ok + ${step.ok},
          not_found = not_found + ${step.notFound},
          failed = failed + ${step.failed},
          results = results || coalesce((
            SELECT jsonb_agg(item ORDER BY n) FROM jsonb_array_elements(${JSON.stringify(step.results)}::jsonb)
              WITH ORDINALITY AS given (item, n)
            WHERE n <= ${Bulk.maxKeptProblems} - jsonb_array_length(bulk_runs.results)
          ), '[]'::jsonb),
          locked_until = ${leaseUntil}
        WHERE id = ${id} AND position = ${from} AND state = 'running'
        RETURNING id`)
      return rows.length === 1
    }),

    finish: Effect.fn("SqlBulkRuns.finish")(function*(id, at) {
      yield* storage(sql`
        UPDATE bulk_runs SET state = 'done', finished_at = ${at}, locked_until = 0
        WHERE id = ${id} AND state = 'running'`)
    }),

    release: Effect.fn("SqlBulkRuns.release")(function*(id) {
      yield* storage(sql`UPDATE bulk_runs SET locked_until = 0 WHERE id = ${id}`)
    }),

    pruneFinished: Effect.fn("SqlBulkRuns.pruneFinished")(function*(before) {
      const rows = yield* storage(
        sql`DELETE FROM bulk_runs WHERE state = 'done' AND finished_at < ${before} RETURNING id`
      )
      return rows.length
    })
  })
})

export const layer = Layer.effect(BulkRuns, make)
