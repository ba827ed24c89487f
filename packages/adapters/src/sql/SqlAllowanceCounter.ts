/**
 * Allowance counters in SQL (embedded mode): one statement per charge. Windows come from Effect's Clock
 * (`Allowance.minuteWindow`, `Allowance.monthPeriod`); the account's counter row lock makes the
 * check-and-increment exact under concurrency. A process whose clock lags counts into the newer window.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Allowance, AllowanceCounter, ApiKeyId } from "@bookmark-library/domain"
import { Clock, Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeAll, decodeFirst, Int8, NullableInt8 } from "./SqlRows.js"

const ChargeRow = Schema.Struct({ admitted: Schema.Boolean, minute_count: Int8, period_count: Int8 })
const PeekRow = Schema.Struct({ minute_count: Int8, period_count: Int8 })
const TotalsRow = Schema.Struct({ month: Int8, total: Int8 })
const KeyRow = Schema.Struct({ key_id: ApiKeyId, count: Int8, last_used_at: NullableInt8 })
const DayRow = Schema.Struct({ day: Int8, count: Int8 })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const charged = decodeFirst(ChargeRow)
  const peeked = decodeFirst(PeekRow)
  const totals = decodeFirst(TotalsRow)
  const keys = decodeAll(KeyRow)
  const days = decodeAll(DayRow)

  return AllowanceCounter.of({
    charge: Effect.fn("SqlAllowanceCounter.charge")(function*({ accountId, keyId, limits, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const minute = Allowance.minuteWindow(now).start
      const period = Allowance.monthPeriod(now, planChangedAt).start
      const day = Allowance.dayStart(now)
      // Counts seen before this request, then `Allowance.admits` as SQL.
      const minuteSeen = sql`(CASE WHEN c.minute_start >= ${minute}::bigint THEN c.minute_count ELSE 0 END)`
      const periodSeen = sql`(CASE WHEN c.period_start >= ${period}::bigint THEN c.period_count ELSE 0 END)`
      const admits = sql`(${minuteSeen} < ${limits.perMinute}::bigint AND ${periodSeen} < ${limits.perMonth}::bigint)`
      const rows = yield* storage(sql`
        WITH counter AS (
          INSERT INTO allowance_counters AS c
            (account_id, minute_start, minute_count, period_start, period_count, total, admitted)
          VALUES (${accountId}, ${minute}::bigint, 1, ${period}::bigint, 1, 1, true)
          ON CONFLICT (account_id) DO UPDATE SET
            minute_count = ${minuteSeen} + (CASE WHEN ${admits} THEN 1 ELSE 0 END),
            period_count = ${periodSeen} + (CASE WHEN ${admits} THEN 1 ELSE 0 END),
            total = c.total + (CASE WHEN ${admits} THEN 1 ELSE 0 END),
            admitted = ${admits},
            minute_start = greatest(c.minute_start, ${minute}::bigint),
            period_start = greatest(c.period_start, ${period}::bigint)
          RETURNING admitted, minute_count, period_count, period_start
        ),
        per_key AS (
          INSERT INTO allowance_key_counters AS k (account_id, key_id, period_start, count, last_used_at)
          SELECT ${accountId}, ${keyId}, counter.period_start, 1, ${now}::bigint FROM counter WHERE counter.admitted
          ON CONFLICT (account_id, key_id) DO UPDATE SET
            count = CASE WHEN k.period_start >= excluded.period_start THEN k.count + 1 ELSE 1 END,
            period_start = greatest(k.period_start, excluded.period_start),
            last_used_at = greatest(k.last_used_at, excluded.last_used_at)
        ),
        per_day AS (
          INSERT INTO allowance_days AS d (account_id, day, count)
          SELECT ${accountId}, ${day}::bigint, 1 FROM counter WHERE counter.admitted
          ON CONFLICT (account_id, day) DO UPDATE SET count = d.count + 1
        )
        SELECT admitted, minute_count, period_count FROM counter`)
      const row = yield* storage(charged(rows))
      if (Option.isNone(row)) return yield* Effect.dieMessage("allowance charge returned no row")
      return {
        admitted: row.value.admitted,
        now,
        minuteUsed: row.value.minute_count,
        monthUsed: row.value.period_count
      }
    }),

    peek: Effect.fn("SqlAllowanceCounter.peek")(function*({ accountId, limits, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const minute = Allowance.minuteWindow(now).start
      const period = Allowance.monthPeriod(now, planChangedAt).start
      const rows = yield* storage(sql`
        SELECT CASE WHEN minute_start >= ${minute}::bigint THEN minute_count ELSE 0 END AS minute_count,
          CASE WHEN period_start >= ${period}::bigint THEN period_count ELSE 0 END AS period_count
        FROM allowance_counters WHERE account_id = ${accountId}`)
      const seen = Option.match(yield* storage(peeked(rows)), {
        onNone: () => ({ minute: 0, month: 0 }),
        onSome: (row) => ({ minute: row.minute_count, month: row.period_count })
      })
      return { admitted: Allowance.admits(seen, limits), now, minuteUsed: seen.minute, monthUsed: seen.month }
    }),

    usage: Effect.fn("SqlAllowanceCounter.usage")(function*({ accountId, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const period = Allowance.monthPeriod(now, planChangedAt).start
      const [totalRows, keyRows, dayRows] = yield* storage(Effect.all([
        sql`
          SELECT CASE WHEN period_start >= ${period}::bigint THEN period_count ELSE 0 END AS month, total
          FROM allowance_counters WHERE account_id = ${accountId}`,
        sql`
          SELECT key_id, CASE WHEN period_start >= ${period}::bigint THEN count ELSE 0 END AS count, last_used_at
          FROM allowance_key_counters WHERE account_id = ${accountId}`,
        sql`
          SELECT day, count FROM allowance_days
          WHERE account_id = ${accountId} AND day >= ${Allowance.monthStart(now)}::bigint`
      ], { concurrency: "unbounded" }))
      const found = yield* storage(totals(totalRows))
      const keyCounts = yield* storage(keys(keyRows))
      const byKey = new Map(keyCounts.filter((row) => row.count > 0).map((row) => [row.key_id, row.count] as const))
      const lastUsed = new Map(keyCounts.flatMap((row) => row.last_used_at === null ? [] : [[row.key_id, row.last_used_at] as const]))
      const byDay = new Map((yield* storage(days(dayRows))).map((row) => [row.day, row.count] as const))
      return Option.match(found, {
        onNone: () => ({ month: 0, total: 0, byKey, lastUsed, byDay }),
        onSome: (row) => ({ month: row.month, total: row.total, byKey, lastUsed, byDay })
      })
    })
  })
})

export const layer = Layer.effect(AllowanceCounter, make)
