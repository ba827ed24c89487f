/**
 * Allowance counters in SQL (embedded mode): one statement per charge. Windows come from Effect's Clock
 * (`Allowance.minuteWindow`, `Allowance.monthPeriod`); the account's counter row lock makes the
 * check-and-increment exact under concurrency. A process whose clock lags counts into the newer window.
 */
import { AccountId, Allowance, AllowanceCounter, ApiKeyId } from "@bookmark-library/domain"
import { Clock, Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const ChargeRow = Row({ admitted: Schema.Boolean, minuteCount: Int8, periodCount: Int8 })
const PeekRow = Row({ minuteCount: Int8, periodCount: Int8 })
const TotalsRow = Row({ month: Int8, total: Int8 })
const KeyRow = Row({ keyId: ApiKeyId, count: Int8, lastUsedAt: NullableInt8 })
const DayRow = Row({ day: Int8, count: Int8 })

/** An account's current windows, by their starts (`Allowance.minuteWindow`, `Allowance.monthPeriod`). */
const Windows = Schema.Struct({ accountId: AccountId, minute: Schema.Number, period: Schema.Number })
const Period = Schema.Struct({ accountId: AccountId, period: Schema.Number })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const charge = SqlSchema.findOneOption({
    Request: Schema.Struct({
      ...Windows.fields,
      keyId: ApiKeyId,
      now: Schema.Number,
      day: Schema.Number,
      perMinute: Schema.Number,
      perMonth: Schema.Number
    }),
    Result: ChargeRow,
    execute: ({ accountId, day, keyId, minute, now, perMinute, perMonth, period }) => {
      // Counts seen before this request, then `Allowance.admits` as SQL.
      const minuteSeen = sql`(CASE WHEN c.minute_start >= ${minute}::bigint THEN c.minute_count ELSE 0 END)`
      const periodSeen = sql`(CASE WHEN c.period_start >= ${period}::bigint THEN c.period_count ELSE 0 END)`
      const admits = sql`(${minuteSeen} < ${perMinute}::bigint AND ${periodSeen} < ${perMonth}::bigint)`
      return sql`
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
        SELECT admitted, minute_count, period_count FROM counter`
    }
  })

  const peek = SqlSchema.findOneOption({
    Request: Windows,
    Result: PeekRow,
    execute: ({ accountId, minute, period }) =>
      sql`
      SELECT CASE WHEN minute_start >= ${minute}::bigint THEN minute_count ELSE 0 END AS minute_count,
        CASE WHEN period_start >= ${period}::bigint THEN period_count ELSE 0 END AS period_count
      FROM allowance_counters WHERE account_id = ${accountId}`
  })

  const totals = SqlSchema.findOneOption({
    Request: Period,
    Result: TotalsRow,
    execute: ({ accountId, period }) =>
      sql`
      SELECT CASE WHEN period_start >= ${period}::bigint THEN period_count ELSE 0 END AS month, total
      FROM allowance_counters WHERE account_id = ${accountId}`
  })
  const keys = SqlSchema.findAll({
    Request: Period,
    Result: KeyRow,
    execute: ({ accountId, period }) =>
      sql`
      SELECT key_id, CASE WHEN period_start >= ${period}::bigint THEN count ELSE 0 END AS count, last_used_at
      FROM allowance_key_counters WHERE account_id = ${accountId}`
  })
  const days = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, since: Schema.Number }),
    Result: DayRow,
    execute: ({ accountId, since }) =>
      sql`
      SELECT day, count FROM allowance_days
      WHERE account_id = ${accountId} AND day >= ${since}::bigint`
  })

  return AllowanceCounter.of({
    charge: Effect.fn("SqlAllowanceCounter.charge")(function*({ accountId, keyId, limits, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const row = yield* storage(charge({
        accountId,
        keyId,
        now,
        minute: Allowance.minuteWindow(now).start,
        period: Allowance.monthPeriod(now, planChangedAt).start,
        day: Allowance.dayStart(now),
        perMinute: limits.perMinute,
        perMonth: limits.perMonth
      }))
      if (Option.isNone(row)) return yield* Effect.die(new Error("allowance charge returned no row"))
      return {
        admitted: row.value.admitted,
        now,
        minuteUsed: row.value.minuteCount,
        monthUsed: row.value.periodCount
      }
    }),

    peek: Effect.fn("SqlAllowanceCounter.peek")(function*({ accountId, limits, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const minute = Allowance.minuteWindow(now).start
      const period = Allowance.monthPeriod(now, planChangedAt).start
      const seen = Option.match(yield* storage(peek({ accountId, minute, period })), {
        onNone: () => ({ minute: 0, month: 0 }),
        onSome: (row) => ({ minute: row.minuteCount, month: row.periodCount })
      })
      return { admitted: Allowance.admits(seen, limits), now, minuteUsed: seen.minute, monthUsed: seen.month }
    }),

    usage: Effect.fn("SqlAllowanceCounter.usage")(function*({ accountId, planChangedAt }) {
      const now = yield* Clock.currentTimeMillis
      const period = Allowance.monthPeriod(now, planChangedAt).start
      const [found, keyCounts, dayCounts] = yield* storage(Effect.all([
        totals({ accountId, period }),
        keys({ accountId, period }),
        days({ accountId, since: Allowance.monthStart(now) })
      ], { concurrency: "unbounded" }))
      const byKey = new Map(keyCounts.filter((row) => row.count > 0).map((row) => [row.keyId, row.count] as const))
      const lastUsed = new Map(
        keyCounts.flatMap((row) => row.lastUsedAt === null ? [] : [[row.keyId, row.lastUsedAt] as const])
      )
      const byDay = new Map(dayCounts.map((row) => [row.day, row.count] as const))
      return Option.match(found, {
        onNone: () => ({ month: 0, total: 0, byKey, lastUsed, byDay }),
        onSome: (row) => ({ month: row.month, total: row.total, byKey, lastUsed, byDay })
      })
    })
  })
})

export const layer = Layer.effect(AllowanceCounter, make)
