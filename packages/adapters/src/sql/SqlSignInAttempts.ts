/** Sign-in failure windows in SQL: one row per key, counted by one upsert so concurrent failures all count. */
import * as SqlClient from "@effect/sql/SqlClient"
import { SignInAttempts } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeFirst, Int8 } from "./SqlRows.js"

const Row = Schema.Struct({ since: Int8, count: Int8 })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const first = decodeFirst(Row)

  return SignInAttempts.of({
    failures: Effect.fn("SqlSignInAttempts.failures")(function*(key, now, window) {
      const rows = yield* storage(sql`
        SELECT since, count FROM sign_in_failures WHERE key = ${key} AND since + ${window}::bigint > ${now}::bigint`)
      return yield* storage(first(rows))
    }),
    // SET reads the old row on both sides, so a window that ended restarts at `now` with a count of one.
    recordFailure: Effect.fn("SqlSignInAttempts.recordFailure")(function*(key, now, window) {
      const rows = yield* storage(sql`
        INSERT INTO sign_in_failures AS f (key, since, count) VALUES (${key}, ${now}, 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN f.since + ${window}::bigint <= ${now}::bigint THEN 1 ELSE f.count + 1 END,
          since = CASE WHEN f.since + ${window}::bigint <= ${now}::bigint THEN ${now}::bigint ELSE f.since END
        RETURNING since, count`)
      const row = yield* storage(first(rows))
      return Option.getOrElse(row, () => ({ since: now, count: 1 }))
    }),
    clear: Effect.fn("SqlSignInAttempts.clear")(function*(key) {
      yield* storage(sql`DELETE FROM sign_in_failures WHERE key = ${key}`)
    })
  })
})

export const layer = Layer.effect(SignInAttempts, make)
