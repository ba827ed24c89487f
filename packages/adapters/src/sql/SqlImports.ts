/** Imports in SQL: the record and its file apart; one worker at a time by lease; a step moves only from where it was. */
import * as SqlClient from "@effect/sql/SqlClient"
import { AccountId, Import, ImportFormat, ImportId, Imports } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { channel, SqlNotifications } from "./SqlNotifications.js"
import { decodeAll, decodeFirst, Int8, NullableInt8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: ImportId,
  account_id: AccountId,
  format: ImportFormat.ImportFormat,
  events: Schema.Boolean,
  state: Import.State,
  total: Schema.Int,
  position: Schema.Int,
  saved: Schema.Int,
  duplicates: Schema.Int,
  failed: Schema.Int,
  enriched: Schema.Int,
  failures: Schema.Array(Import.Failure),
  created_at: Int8,
  finished_at: NullableInt8
})

const toRecord = (row: typeof Row.Type): Import.Record => ({
  id: row.id,
  accountId: row.account_id,
  format: row.format,
  events: row.events,
  state: row.state,
  total: row.total,
  position: row.position,
  saved: row.saved,
  duplicates: row.duplicates,
  failed: row.failed,
  enriched: row.enriched,
  failures: row.failures,
  createdAt: row.created_at,
  finishedAt: row.finished_at
})

const columns = `id, account_id, format, events, state, total, position, saved, duplicates, failed, enriched, failures,
  created_at, finished_at`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const notifications = yield* SqlNotifications
  const first = decodeFirst(Row)
  const all = decodeAll(Row)
  const file = decodeFirst(Schema.Struct({ bytes: Schema.Uint8ArrayFromSelf }))

  return Imports.of({
    create: Effect.fn("SqlImports.create")(function*(r, bytes) {
      yield* storage(sql.withTransaction(Effect.gen(function*() {
        yield* sql`
          INSERT INTO imports (id, account_id, format, events, state, total, position, saved, duplicates, failed,
            enriched, failures, created_at, finished_at)
          VALUES (${r.id}, ${r.accountId}, ${r.format}, ${r.events}, ${r.state}, ${r.total}, ${r.position}, ${r.saved},
            ${r.duplicates}, ${r.failed}, ${r.enriched}, ${JSON.stringify(r.failures)}::jsonb, ${r.createdAt},
            ${r.finishedAt})`
        yield* sql`INSERT INTO import_files (import_id, bytes) VALUES (${r.id}, ${bytes})`
        yield* sql`SELECT pg_notify(${channel}, 'imports')`
      })))
    }),

    get: Effect.fn("SqlImports.get")(function*(id) {
      const rows = yield* storage(sql`SELECT ${sql.literal(columns)} FROM imports WHERE id = ${id}`)
      return Option.map(yield* storage(first(rows)), toRecord)
    }),

    file: Effect.fn("SqlImports.file")(function*(id) {
      const rows = yield* storage(sql`SELECT bytes FROM import_files WHERE import_id = ${id}`)
      return Option.map(yield* storage(file(rows)), (row) => row.bytes)
    }),

    list: Effect.fn("SqlImports.list")(function*(accountId, limit) {
      const rows = yield* storage(sql`
        SELECT ${sql.literal(columns)} FROM imports WHERE account_id = ${accountId}
        ORDER BY created_at DESC, seq DESC LIMIT ${limit}`)
      return (yield* storage(all(rows))).map(toRecord)
    }),

    claim: Effect.fn("SqlImports.claim")(function*({ lease, now }) {
      const rows = yield* storage(sql`
        UPDATE imports SET locked_until = ${now + lease}
        WHERE id = (
          SELECT id FROM imports WHERE state = 'running' AND locked_until <= ${now}
          ORDER BY created_at, seq LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING ${sql.literal(columns)}`)
      return Option.map(yield* storage(first(rows)), toRecord)
    }),

    // Only from `from`: a worker whose lease ran out and was taken over finds the position moved and stops.
    advance: Effect.fn("SqlImports.advance")(function*(id, from, step, leaseUntil) {
      const rows = yield* storage(sql`
        UPDATE imports SET
          position = ${step.position},
          saved = saved + ${step.saved},
          duplicates = duplicates + ${step.duplicates},
          failed = failed + ${step.failed},
          enriched = enriched + ${step.enriched},
          failures = failures || coalesce((
            SELECT jsonb_agg(item ORDER BY n) FROM jsonb_array_elements(${JSON.stringify(step.failures)}::jsonb)
              WITH ORDINALITY AS given (item, n)
            WHERE n <= ${Import.maxFailuresKept} - jsonb_array_length(imports.failures)
          ), '[]'::jsonb),
          locked_until = ${leaseUntil}
        WHERE id = ${id} AND position = ${from}
        RETURNING id`)
      return rows.length === 1
    }),

    finish: Effect.fn("SqlImports.finish")(function*(id, at) {
      yield* storage(sql`UPDATE imports SET state = 'done', finished_at = ${at}, locked_until = 0 WHERE id = ${id}`)
    }),

    countEnriched: Effect.fn("SqlImports.countEnriched")(function*(id) {
      yield* storage(sql`UPDATE imports SET enriched = enriched + 1 WHERE id = ${id}`)
    }),

    release: Effect.fn("SqlImports.release")(function*(id) {
      yield* storage(sql`UPDATE imports SET locked_until = 0 WHERE id = ${id}`)
    }),

    awaitCreated: notifications.next("imports")
  })
})

export const layer = Layer.effect(Imports, make)
