/** Sign-in failure windows in SQL: one row per key, counted by one upsert so concurrent failures all count. */
import { SignInAttempts } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const CountRow = Row({ since: Int8, count: Int8 })
const Window = Schema.Struct({ key: Schema.String, now: Schema.Number, window: Schema.Number })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const failures = SqlSchema.findOneOption({
    Request: Window,
    Result: CountRow,
    execute: ({ key, now, window }) =>
      sql`
      SELECT since, count FROM sign_in_failures WHERE key = ${key} AND since + ${window}::bigint > ${now}::bigint`
  })

  // SET reads the old row on both sides, so a window that ended restarts at `now` with a count of one.
  const recordFailure = SqlSchema.findOneOption({
    Request: Window,
    Result: CountRow,
    execute: ({ key, now, window }) =>
      sql`
      INSERT INTO sign_in_failures AS f (key, since, count) VALUES (${key}, ${now}, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN f.since + ${window}::bigint <= ${now}::bigint THEN 1 ELSE f.count + 1 END,
        since = CASE WHEN f.since + ${window}::bigint <= ${now}::bigint THEN ${now}::bigint ELSE f.since END
      RETURNING since, count`
  })

  return SignInAttempts.of({
    failures: Effect.fn("SqlSignInAttempts.failures")(function*(key, now, window) {
      return yield* storage(failures({ key, now, window }))
    }),
    recordFailure: Effect.fn("SqlSignInAttempts.recordFailure")(function*(key, now, window) {
      const row = yield* storage(recordFailure({ key, now, window }))
      return Option.getOrElse(row, () => ({ since: now, count: 1 }))
    }),
    clear: Effect.fn("SqlSignInAttempts.clear")(function*(key) {
      yield* storage(sql`DELETE FROM sign_in_failures WHERE key = ${key}`)
    })
  })
})

export const layer = Layer.effect(SignInAttempts, make)
