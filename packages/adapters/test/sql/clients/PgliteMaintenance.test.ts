/**
 * The embedded database's own vacuum (PgliteMaintenance.ts): a pass reclaims dead rows and refreshes the row counts
 * (not the column statistics); the client runs one on its interval by itself; the full-text pending list stays small.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schedule, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as PgliteMaintenance from "../../../src/sql/clients/PgliteMaintenance.js"

const Stats = Schema.Struct({
  /** The planner's row estimate: -1 until the table is analysed (Postgres 14 and later). */
  estimate: Schema.Union([Schema.Number, Schema.NumberFromString]),
  vacuumed: Schema.NullOr(Schema.Unknown),
  analysed: Schema.NullOr(Schema.Unknown)
})
const stats = (sql: SqlClient.SqlClient) =>
  Effect.flatMap(
    sql.unsafe(`SELECT c.reltuples AS estimate, s.last_vacuum AS vacuumed, s.last_analyze AS analysed
      FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'churn'`),
    (rows) => Schema.decodeUnknownEffect(Stats)(rows[0])
  ).pipe(Effect.orDie)

/** A table with a full-text index, half its rows updated away: dead rows for a vacuum to reclaim. */
const churn = (sql: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    yield* sql.unsafe(`CREATE TABLE churn (id int PRIMARY KEY, body tsvector)`)
    yield* sql.unsafe(`CREATE INDEX churn_body ON churn USING gin (body)`)
    yield* sql.unsafe(`INSERT INTO churn SELECT g, to_tsvector('simple', 'word' || g) FROM generate_series(1, 2000) g`)
    yield* sql.unsafe(`UPDATE churn SET body = to_tsvector('simple', 'other' || id) WHERE id % 2 = 0`)
  }).pipe(Effect.orDie)

const clientWith = (options: PgliteClient.PgliteOptions) =>
  Effect.map(Layer.build(PgliteClient.layer(options)), (context) => Context.get(context, SqlClient.SqlClient))

describe("PgliteMaintenance", () => {
  it.live("a pass vacuums: the planner learns the table's size, the column statistics stay as they were", () =>
    Effect.scoped(Effect.gen(function*() {
      const sql = yield* clientWith({ maintenanceInterval: "1 hour" })
      yield* churn(sql)
      const before = yield* stats(sql)
      expect([Number(before.estimate), before.vacuumed, before.analysed]).toEqual([-1, null, null])
      yield* PgliteMaintenance.vacuum(sql)
      const after = yield* stats(sql)
      expect(Number(after.estimate)).toBe(2000)
      expect(after.vacuumed).not.toBeNull()
      expect(after.analysed).toBeNull()
    })))

  it.live("the client vacuums on its interval without being asked", () =>
    Effect.scoped(Effect.gen(function*() {
      const sql = yield* clientWith({ maintenanceInterval: "200 millis" })
      yield* churn(sql)
      const vacuumed = Effect.flatMap(
        stats(sql),
        (s) => s.vacuumed !== null ? Effect.succeed(s) : Effect.fail("not yet" as const)
      )
      const after = yield* vacuumed.pipe(Effect.retry(Schedule.spaced("100 millis")), Effect.timeout("20 seconds"))
      expect(Number(after.estimate)).toBe(2000)
    })))

  it.live("keeps the full-text index's pending list small (128 kB instead of Postgres's 4 MB)", () =>
    Effect.scoped(Effect.gen(function*() {
      const sql = yield* clientWith({})
      const rows = yield* sql.unsafe<{ readonly gin_pending_list_limit: string }>(`SHOW gin_pending_list_limit`)
      expect(rows[0]?.gin_pending_list_limit).toBe("128kB")
    })))
})
