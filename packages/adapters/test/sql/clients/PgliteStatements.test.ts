/**
 * Named statements in the PGlite client: values both ways, a full cache, a changed table, errors that leave it usable.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Harness from "../Harness.js"

const database = Harness.pglite()
const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | PgliteClient.PgliteInstance>) =>
  effect.pipe(Effect.provide(database))

describe("PGlite named statements", () => {
  it.live("answers as PGlite's own query does: types, nulls, arrays, JSON, text", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const db = yield* PgliteClient.PgliteInstance
      const text = `SELECT $1::bigint AS n, $2::text[] AS tags, $3::jsonb AS doc, $4 AS untyped, $5::boolean AS yes,
        $6::text AS text, $7::numeric AS num, $8::double precision AS f`
      const cases: ReadonlyArray<ReadonlyArray<unknown>> = [
        [1, ["x", "y z", "q\"uote"], JSON.stringify({ a: [1] }), true, false, "a'b\\c é", "1.50", 0.25],
        [2, ["x"], JSON.stringify({ a: [2] }), 5, true, "", "2", -1e300],
        [null, [], null, null, null, null, null, null]
      ]
      // The first run prepares, the others reuse the statement.
      for (const params of cases) {
        const expected = (yield* Effect.promise(() => db.query(text, [...params]))).rows
        expect(yield* sql.unsafe(text, params)).toEqual(expected)
        expect(yield* sql.unsafe(text, params).values).toEqual(expected.map((row) => Object.values(row as object)))
      }
      expect(yield* sql`SELECT ${true}::boolean AS yes, ${[1, 2]}::int[] AS xs`).toEqual([{ yes: true, xs: [1, 2] }])
    })))

  it.live(
    "more distinct statements than the cache holds all answer correctly, again and again",
    () =>
      run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 450; i++) {
            const rows = yield* sql.unsafe(`SELECT $1::int + ${i} AS v`, [round])
            expect(rows).toEqual([{ v: round + i }])
          }
        }
      })),
    120_000
  )

  it.live("a statement whose table changed is prepared again; a failing one leaves the client usable", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE statements_probe (id int PRIMARY KEY, a text)`
      yield* sql`INSERT INTO statements_probe VALUES (${1}, ${"one"})`
      const select = sql`SELECT * FROM statements_probe WHERE id = ${1}`
      expect(yield* select).toEqual([{ id: 1, a: "one" }])
      yield* sql`ALTER TABLE statements_probe ADD COLUMN b text DEFAULT 'two'`
      expect(yield* sql`SELECT * FROM statements_probe WHERE id = ${1}`).toEqual([{ id: 1, a: "one", b: "two" }])
      const duplicate = yield* Effect.flip(sql`INSERT INTO statements_probe (id, a) VALUES (${1}, ${"again"})`)
      expect(duplicate._tag).toBe("SqlError")
      const broken = yield* Effect.flip(sql.unsafe("SELECT nope FROM statements_probe WHERE id = $1", [1]))
      expect(broken._tag).toBe("SqlError")
      expect(yield* sql`UPDATE statements_probe SET a = ${"uno"} WHERE id = ${1} RETURNING a`).toEqual([{ a: "uno" }])
      yield* sql`DROP TABLE statements_probe`
    })))

  it.live("inside a transaction that rolls back, a statement prepared there stays usable", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE statements_tx (id int PRIMARY KEY)`
      const insert = (id: number) => sql`INSERT INTO statements_tx (id) VALUES (${id}) RETURNING id`
      const failed = yield* Effect.flip(sql.withTransaction(Effect.andThen(insert(1), Effect.fail("abort" as const))))
      expect(failed).toBe("abort")
      expect(yield* insert(2)).toEqual([{ id: 2 }])
      expect(yield* sql`SELECT id FROM statements_tx ORDER BY id`).toEqual([{ id: 2 }])
      yield* sql`DROP TABLE statements_tx`
    })))
})
