/**
 * The allowance counter of the embedded default (one process owns its PGlite database): counts in memory, written
 * to the same tables as `SqlAllowanceCounter` every `flushEvery` and when the layer closes (docs/decisions.md,
 * "Embedded allowance counter and embedded reads").
 *
 * An account's counter row, key rows and current day rows are read once, on its first charge or peek in this
 * process; from then on memory is the truth and a charge is one synchronous check-and-increment, exact under
 * any concurrency. A flush writes the rows changed since the last one with their absolute values in one
 * transaction, so writing a row twice never counts twice; a failed flush leaves them to the next one. After
 * `kill -9` the counts of the last flush interval (plus a flush in progress) are missing, never more.
 *
 * Only for a database no other process counts in: with DATABASE_URL, processes share the rows and
 * `SqlAllowanceCounter` (or Redis) counts.
 */
import { Allowance, AllowanceCounter, type Errors } from "@bookmark-library/domain"
import { Clock, type Context, Deferred, Duration, Effect, Layer, Option, Schedule, Schema, Semaphore } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"
import * as SqlAllowanceCounter from "./SqlAllowanceCounter.js"

interface CounterRow {
  minuteStart: number
  minuteCount: number
  periodStart: number
  periodCount: number
  total: number
  admitted: boolean
}

interface KeyRow {
  periodStart: number
  count: number
  lastUsedAt: number | null
}

interface AccountState {
  /** None until the account's first admitted charge creates it (as the SQL counter's INSERT would). */
  counter: CounterRow | undefined
  readonly keys: Map<string, KeyRow>
  readonly days: Map<number, number>
  /** What changed since the last flush began. */
  counterDirty: boolean
  readonly dirtyKeys: Set<string>
  readonly dirtyDays: Set<number>
}

const CounterRowSchema = Row({
  minuteStart: Int8,
  minuteCount: Int8,
  periodStart: Int8,
  periodCount: Int8,
  total: Int8,
  admitted: Schema.Boolean
})
const KeyRowSchema = Row({ keyId: Schema.String, periodStart: Int8, count: Int8, lastUsedAt: NullableInt8 })
const DayRowSchema = Row({ day: Int8, count: Int8 })

type Service = Context.Service.Shape<typeof AllowanceCounter>

export interface BufferedOptions {
  /** How often changed counts are written (default 250 ms): at most this much counting is lost to `kill -9`. */
  readonly flushEvery?: Duration.Input
}

export const make = (options: BufferedOptions = {}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const inSql = yield* SqlAllowanceCounter.make
    const accounts = new Map<string, AccountState>()
    const loading = new Map<string, Deferred.Deferred<AccountState, Errors.StorageUnavailable>>()

    const counterRow = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: CounterRowSchema,
      execute: (accountId) =>
        sql`SELECT minute_start, minute_count, period_start, period_count, total, admitted
        FROM allowance_counters WHERE account_id = ${accountId}`
    })
    const keyRows = SqlSchema.findAll({
      Request: Schema.String,
      Result: KeyRowSchema,
      execute: (accountId) =>
        sql`SELECT key_id, period_start, count, last_used_at
        FROM allowance_key_counters WHERE account_id = ${accountId}`
    })
    const dayRows = SqlSchema.findAll({
      Request: Schema.Struct({ accountId: Schema.String, today: Schema.Number }),
      Result: DayRowSchema,
      execute: ({ accountId, today }) =>
        sql`SELECT day, count FROM allowance_days WHERE account_id = ${accountId} AND day >= ${today}::bigint`
    })

    const read = (accountId: string, today: number) =>
      Effect.gen(function*() {
        const [counter, keys, days] = yield* storage(Effect.all([
          counterRow(accountId),
          keyRows(accountId),
          dayRows({ accountId, today })
        ]))
        const state: AccountState = {
          counter: Option.getOrUndefined(counter),
          keys: new Map(keys.map((row) => [row.keyId, {
            periodStart: row.periodStart,
            count: row.count,
            lastUsedAt: row.lastUsedAt
          }])),
          days: new Map(days.map((row) => [row.day, row.count])),
          counterDirty: false,
          dirtyKeys: new Set(),
          dirtyDays: new Set()
        }
        return state
      })

    /** The account's state, read from the database once; concurrent first uses share one read. */
    const stateOf = (accountId: string, now: number): Effect.Effect<AccountState, Errors.StorageUnavailable> => {
      const known = accounts.get(accountId)
      if (known !== undefined) return Effect.succeed(known)
      return Effect.suspend(() => {
        const pending = loading.get(accountId)
        if (pending !== undefined) return Deferred.await(pending)
        const deferred = Deferred.makeUnsafe<AccountState, Errors.StorageUnavailable>()
        loading.set(accountId, deferred)
        return read(accountId, Allowance.dayStart(now)).pipe(
          Effect.tap((state) => Effect.sync(() => accounts.set(accountId, state))),
          Effect.exit,
          Effect.flatMap((exit) => {
            loading.delete(accountId)
            Deferred.doneUnsafe(deferred, exit)
            return exit
          }),
          Effect.uninterruptible
        )
      })
    }

    /** Counts before this request, in the current windows (as `SqlAllowanceCounter`'s CASE expressions). */
    const seen = (counter: CounterRow | undefined, minute: number, period: number) => ({
      minute: counter !== undefined && counter.minuteStart >= minute ? counter.minuteCount : 0,
      month: counter !== undefined && counter.periodStart >= period ? counter.periodCount : 0
    })

    const charge: Service["charge"] = ({ accountId, keyId, limits, planChangedAt }) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const state = yield* stateOf(accountId, now)
        // From here to the return nothing yields: the check and the increments are one step.
        const minute = Allowance.minuteWindow(now).start
        const period = Allowance.monthPeriod(now, planChangedAt).start
        const before = seen(state.counter, minute, period)
        const admitted = Allowance.admits(before, limits)
        const add = admitted ? 1 : 0
        const counter: CounterRow = {
          minuteStart: Math.max(state.counter?.minuteStart ?? minute, minute),
          minuteCount: before.minute + add,
          periodStart: Math.max(state.counter?.periodStart ?? period, period),
          periodCount: before.month + add,
          total: (state.counter?.total ?? 0) + add,
          admitted
        }
        state.counter = counter
        state.counterDirty = true
        if (admitted) {
          const key = state.keys.get(keyId)
          state.keys.set(
            keyId,
            key === undefined
              ? { periodStart: counter.periodStart, count: 1, lastUsedAt: now }
              : {
                periodStart: Math.max(key.periodStart, counter.periodStart),
                count: key.periodStart >= counter.periodStart ? key.count + 1 : 1,
                lastUsedAt: Math.max(key.lastUsedAt ?? now, now)
              }
          )
          state.dirtyKeys.add(keyId)
          const day = Allowance.dayStart(now)
          state.days.set(day, (state.days.get(day) ?? 0) + 1)
          state.dirtyDays.add(day)
        }
        return { admitted, now, minuteUsed: counter.minuteCount, monthUsed: counter.periodCount }
      })

    const peek: Service["peek"] = ({ accountId, limits, planChangedAt }) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const state = yield* stateOf(accountId, now)
        const counts = seen(
          state.counter,
          Allowance.minuteWindow(now).start,
          Allowance.monthPeriod(now, planChangedAt).start
        )
        return { admitted: Allowance.admits(counts, limits), now, minuteUsed: counts.minute, monthUsed: counts.month }
      })

    /** Writes every row changed since the last flush; one flush at a time. */
    const lock = yield* Semaphore.make(1)
    const flush = lock.withPermits(1)(Effect.suspend(() => {
      const writes: Array<Effect.Effect<unknown, SqlError>> = []
      const undo: Array<() => void> = []
      for (const [accountId, state] of accounts) {
        const c = state.counter
        if (state.counterDirty && c !== undefined) {
          state.counterDirty = false
          undo.push(() => {
            state.counterDirty = true
          })
          writes.push(sql`
            INSERT INTO allowance_counters
              (account_id, minute_start, minute_count, period_start, period_count, total, admitted)
            VALUES (${accountId}, ${c.minuteStart}::bigint, ${c.minuteCount}::bigint, ${c.periodStart}::bigint,
              ${c.periodCount}::bigint, ${c.total}::bigint, ${c.admitted})
            ON CONFLICT (account_id) DO UPDATE SET minute_start = excluded.minute_start,
              minute_count = excluded.minute_count, period_start = excluded.period_start,
              period_count = excluded.period_count, total = excluded.total, admitted = excluded.admitted`)
        }
        for (const keyId of state.dirtyKeys) {
          const k = state.keys.get(keyId)
          if (k === undefined) continue
          writes.push(sql`
            INSERT INTO allowance_key_counters (account_id, key_id, period_start, count, last_used_at)
            VALUES (${accountId}, ${keyId}, ${k.periodStart}::bigint, ${k.count}::bigint, ${k.lastUsedAt}::bigint)
            ON CONFLICT (account_id, key_id) DO UPDATE SET period_start = excluded.period_start,
              count = excluded.count, last_used_at = excluded.last_used_at`)
        }
        for (const day of state.dirtyDays) {
          const count = state.days.get(day)
          if (count === undefined) continue
          writes.push(sql`
            INSERT INTO allowance_days (account_id, day, count) VALUES (${accountId}, ${day}::bigint, ${count}::bigint)
            ON CONFLICT (account_id, day) DO UPDATE SET count = excluded.count`)
        }
        const keys = [...state.dirtyKeys]
        const days = [...state.dirtyDays]
        state.dirtyKeys.clear()
        state.dirtyDays.clear()
        undo.push(() => {
          for (const key of keys) state.dirtyKeys.add(key)
          for (const day of days) state.dirtyDays.add(day)
        })
      }
      if (writes.length === 0) return Effect.void
      // On any failure (an outage, or a defect) the rows stay changed, for the next flush.
      return storage(sql.withTransaction(Effect.all(writes, { discard: true }))).pipe(
        Effect.onError(() => Effect.sync(() => undo.forEach((f) => f())))
      )
    }))

    const every = options.flushEvery ?? Duration.millis(250)
    yield* Effect.addFinalizer(() =>
      flush.pipe(
        Effect.catchCause((cause) => Effect.logError("could not write the allowance counts at shutdown", cause))
      )
    )
    yield* flush.pipe(
      Effect.catchCause((cause) => Effect.logWarning("could not write the allowance counts; retrying", cause)),
      Effect.repeat(Schedule.spaced(every)),
      Effect.interruptible,
      Effect.forkScoped
    )

    return AllowanceCounter.of({
      charge,
      peek,
      // Usage is read rarely (account pages, the admin API): write what is pending, then read the tables.
      usage: (input) => Effect.andThen(flush, inSql.usage(input))
    })
  })

export const layer = (options: BufferedOptions = {}) => Layer.effect(AllowanceCounter, make(options))
