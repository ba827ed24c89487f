/**
 * Imports in SQL: the record and its file apart; one worker at a time by lease; a step moves only from where it was.
 */
import { AccountId, Import, ImportFormat, ImportId, Imports } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { channel, SqlNotifications } from "../clients/SqlNotifications.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const ImportRow = Row({
  id: ImportId,
  accountId: AccountId,
  format: ImportFormat.ImportFormat,
  events: Schema.Boolean,
  duplicatePolicy: Import.Duplicates,
  folders: Import.Folders,
  state: Import.State,
  total: Schema.Int,
  position: Schema.Int,
  saved: Schema.Int,
  duplicates: Schema.Int,
  failed: Schema.Int,
  enriched: Schema.Int,
  failures: Schema.Array(Import.Failure),
  createdAt: Int8,
  finishedAt: NullableInt8
})

const FileRow = Row({ bytes: Schema.Uint8Array })

const columns =
  `id, account_id, format, events, duplicate_policy, folders, state, total, position, saved, duplicates, failed, enriched,
  failures, created_at, finished_at`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const notifications = yield* SqlNotifications
  const cols = sql.literal(columns)

  const find = SqlSchema.findOneOption({
    Request: ImportId,
    Result: ImportRow,
    execute: (id) => sql`SELECT ${cols} FROM imports WHERE id = ${id}`
  })

  const file = SqlSchema.findOneOption({
    Request: ImportId,
    Result: FileRow,
    execute: (id) => sql`SELECT bytes FROM import_files WHERE import_id = ${id}`
  })

  const list = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, limit: Schema.Number }),
    Result: ImportRow,
    execute: ({ accountId, limit }) =>
      sql`
      SELECT ${cols} FROM imports WHERE account_id = ${accountId}
      ORDER BY created_at DESC, seq DESC LIMIT ${limit}`
  })

  const claim = SqlSchema.findOneOption({
    Request: Schema.Struct({ lease: Schema.Number, now: Schema.Number }),
    Result: ImportRow,
    execute: ({ lease, now }) =>
      sql`
      UPDATE imports SET locked_until = ${now + lease}
      WHERE id = (
        SELECT id FROM imports WHERE state = 'running' AND locked_until <= ${now}
        ORDER BY created_at, seq LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING ${cols}`
  })

  return Imports.of({
    create: Effect.fn("SqlImports.create")(function*(r, bytes) {
      yield* storage(sql.withTransaction(Effect.gen(function*() {
        yield* sql`
          INSERT INTO imports (id, account_id, format, events, duplicate_policy, folders, state, total, position, saved,
            duplicates, failed, enriched, failures, created_at, finished_at)
          VALUES (${r.id}, ${r.accountId}, ${r.format}, ${r.events}, ${r.duplicatePolicy}, ${r.folders}, ${r.state},
            ${r.total}, ${r.position}, ${r.saved},
            ${r.duplicates}, ${r.failed}, ${r.enriched}, ${JSON.stringify(r.failures)}::jsonb, ${r.createdAt},
            ${r.finishedAt})`
        yield* sql`INSERT INTO import_files (import_id, bytes) VALUES (${r.id}, ${bytes})`
        yield* sql`SELECT pg_notify(${channel}, 'imports')`
      })))
    }),

    get: Effect.fn("SqlImports.get")(function*(id) {
      return yield* storage(find(id))
    }),

    file: Effect.fn("SqlImports.file")(function*(id) {
      return Option.map(yield* storage(file(id)), (row) => row.bytes)
    }),

    list: Effect.fn("SqlImports.list")(function*(accountId, limit) {
      return yield* storage(list({ accountId, limit }))
    }),

    claim: Effect.fn("SqlImports.claim")(function*(input) {
      return yield* storage(claim(input))
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
