/** Allowance: windows, reset instants, the binding window, and a model check of charging through the memory counter. */
import {
  Allowance,
  chargeRequest,
  createKey,
  getAccount,
  type Principal,
  setPlan,
  Settings
} from "@bookmark-library/domain"
import { Fixtures, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it, layer } from "@effect/vitest"
import { Arbitrary, Clock, Effect, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import * as Gen from "./support/Gen.js"

const at = (iso: string) => Date.parse(iso)
const limits = { perMinute: 60, perMonth: 1_000 }

describe("Allowance windows", () => {
  it("the minute window is the UTC minute and resets at the next whole minute", () => {
    expect(Allowance.minuteWindow(at("2025-03-04T12:34:56.789Z"))).toEqual({
      start: at("2025-03-04T12:34:00.000Z"),
      resetAt: at("2025-03-04T12:35:00.000Z")
    })
    expect(Allowance.minuteWindow(at("2025-03-04T12:35:00.000Z")).resetAt).toBe(at("2025-03-04T12:36:00.000Z"))
  })

  it("the month resets at the first instant of the next UTC month", () => {
    expect(Allowance.nextMonthStart(at("2024-02-29T23:59:59.999Z"))).toBe(at("2024-03-01T00:00:00.000Z"))
    expect(Allowance.nextMonthStart(at("2025-12-31T23:59:59.000Z"))).toBe(at("2026-01-01T00:00:00.000Z"))
    expect(Allowance.monthStart(at("2024-02-29T23:59:59.999Z"))).toBe(at("2024-02-01T00:00:00.000Z"))
    expect(Allowance.monthStart(at("2026-01-01T00:00:00.000Z"))).toBe(at("2026-01-01T00:00:00.000Z"))
  })

  it("state: a refused month gives its reset instant and a 1 s Retry-After at the last millisecond", () => {
    const leap = Allowance.state(
      { admitted: false, now: at("2024-02-29T23:59:59.999Z"), minuteUsed: 3, monthUsed: 1_000 },
      limits,
      0
    )
    expect(leap).toMatchObject({
      window: "month",
      limit: 1_000,
      remaining: 0,
      resetAt: at("2024-03-01T00:00:00Z"),
      retryAfter: 1
    })
    const newYear = Allowance.state(
      { admitted: false, now: at("2025-12-31T23:59:59Z"), minuteUsed: 3, monthUsed: 1_000 },
      limits,
      0
    )
    expect(newYear).toMatchObject({ window: "month", resetAt: at("2026-01-01T00:00:00Z"), retryAfter: 1 })
  })

  it.prop(
    "state: a refused minute resets at the next whole minute with Retry-After within 1..60",
    [Gen.integer({ min: at("2020-01-01T00:00:00Z"), max: at("2030-01-01T00:00:00Z") })],
    ([now]) => {
      const s = Allowance.state({ admitted: false, now, minuteUsed: 60, monthUsed: 10 }, limits, 0)
      expect(s.window).toBe("minute")
      expect(s.resetAt).toBe(Math.floor(now / 60_000) * 60_000 + 60_000)
      expect(s.retryAfter).toBeGreaterThanOrEqual(1)
      expect(s.retryAfter).toBeLessThanOrEqual(60)
      expect(s.retryAfter).toBe(Math.ceil((s.resetAt - now) / 1000))
    }
  )

  it("the binding window is the one with fewest remaining; the later reset wins a tie; an exhausted one when refused", () => {
    const now = at("2025-05-10T10:00:30Z")
    const admitted = (minuteUsed: number, monthUsed: number) =>
      Allowance.state({ admitted: true, now, minuteUsed, monthUsed }, limits, 0)
    expect(admitted(55, 10)).toMatchObject({
      window: "minute",
      limit: 60,
      remaining: 5,
      resetAt: at("2025-05-10T10:01:00Z")
    })
    expect(admitted(10, 997)).toMatchObject({
      window: "month",
      limit: 1_000,
      remaining: 3,
      resetAt: at("2025-06-01T00:00:00Z")
    })
    expect(admitted(50, 990)).toMatchObject({ window: "month", remaining: 10 })
    const refused = (minuteUsed: number, monthUsed: number) =>
      Allowance.state({ admitted: false, now, minuteUsed, monthUsed }, limits, 0)
    expect(refused(60, 1_000).window).toBe("month")
    expect(refused(60, 999).window).toBe("minute")
    expect(refused(20, 1_000).window).toBe("month")
  })

  it("headers carry the binding window, and Retry-After only when refused", () => {
    const now = at("2025-05-10T10:00:30.500Z")
    const ok = Allowance.headers(Allowance.state({ admitted: true, now, minuteUsed: 1, monthUsed: 1 }, limits, 0))
    expect(ok).toEqual({
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "59",
      "x-ratelimit-reset": String(at("2025-05-10T10:01:00Z") / 1000)
    })
    const no = Allowance.headers(Allowance.state({ admitted: false, now, minuteUsed: 60, monthUsed: 60 }, limits, 0))
    expect(no["retry-after"]).toBe("30")
    expect(no["x-ratelimit-remaining"]).toBe("0")
  })

  it("a plan change opens a fresh monthly period that still ends at the next first of the month", () => {
    const now = at("2025-05-20T08:00:00Z")
    expect(Allowance.monthPeriod(now, at("2025-05-10T00:00:00Z"))).toEqual({
      start: at("2025-05-10T00:00:00Z"),
      resetAt: at("2025-06-01T00:00:00Z")
    })
    expect(Allowance.monthPeriod(now, at("2025-03-10T00:00:00Z")).start).toBe(at("2025-05-01T00:00:00Z"))
    // A plan change stamped in the future (clock skew) never starts the period after now.
    expect(Allowance.monthPeriod(now, at("2025-05-21T00:00:00Z")).start).toBe(now)
  })

  it("admits only while both windows have room", () => {
    expect(Allowance.admits({ minute: 59, month: 999 }, limits)).toBe(true)
    expect(Allowance.admits({ minute: 60, month: 0 }, limits)).toBe(false)
    expect(Allowance.admits({ minute: 0, month: 1_000 }, limits)).toBe(false)
  })
})

/** Instants near month ends, Dec→Jan, 29 Feb 2024 and mid-month, each with a small offset so minutes fill up. */
const anchors = [
  "2024-01-31T23:58:30Z",
  "2024-02-29T23:59:00Z",
  "2024-02-29T23:59:59.999Z",
  "2024-03-01T00:00:00Z",
  "2024-04-15T12:00:00Z",
  "2024-12-31T23:59:30Z",
  "2025-01-01T00:00:10Z",
  "2025-06-30T23:59:50Z",
  "2025-12-31T23:59:59Z"
] as const

const requestTimes = Arbitrary.map(
  Gen.array(
    Gen.all([Gen.constantFrom(...anchors), Gen.integer({ min: -150_000, max: 150_000 }), Gen.boolean]),
    { minLength: 1, maxLength: 60 }
  ),
  (xs) => xs.map(([anchor, offset, wide]) => at(anchor) + (wide ? offset * 20 : offset)).sort((a, b) => a - b)
)

/**
 * A clock standing still at `now`. The model check sets the time once per request; TestClock.setTime waits for
 * other fibers to settle (several timer turns each call), which would make a few thousand requests take minutes.
 */
const clockAt = (now: number): Clock.Clock => ({
  currentTimeMillisUnsafe: () => now,
  currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
  monotonicTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
  currentTimeMillis: Effect.succeed(now),
  currentTimeNanos: Effect.succeed(BigInt(now) * 1_000_000n),
  monotonicTimeNanos: Effect.succeed(BigInt(now) * 1_000_000n),
  sleep: () => Effect.void
})

/** Runs `effect` with the clock standing still at `now`. */
const withClockAt = (now: number) => Effect.provideService(Clock.Clock, clockAt(now))

const smallLimits = Gen.all({ perMinute: Gen.integer({ min: 1, max: 6 }), perMonth: Gen.integer({ min: 1, max: 25 }) })

// One in-memory world for every case: each case works on fresh accounts, so cases never share counters.
layer(TestApp.layer())("Charging through the memory counter (model check)", (it) => {
  it.effect.prop(
    "never admits more than perMinute in a UTC minute nor perMonth in a monthly period; refusals name the exhausted window",
    {
      plan: Gen.constantFrom("free", "plus", "ultra"),
      newPlan: Gen.constantFrom("free", "plus", "ultra"),
      table: Gen.all({ free: smallLimits, plus: smallLimits, ultra: smallLimits }),
      times: requestTimes,
      planChangeAt: Gen.option(Gen.nat(59), undefined),
      keys: Gen.array(Gen.boolean, { minLength: 60, maxLength: 60 })
    },
    ({ keys, newPlan, plan, planChangeAt, table, times }) =>
      Effect.gen(function*() {
        const opened = at("2023-11-01T00:00:00Z")
        const first = yield* Fixtures.accountWithKey(plan).pipe(withClockAt(opened))
        const second = yield* Fixtures.accountWithKey(plan).pipe(withClockAt(opened))
        const other = yield* createKey(first.account.id, "second key").pipe(withClockAt(opened))
        let principals: [Principal, Principal] = [first.principal, { account: first.account, key: other.info }]
        // The model: what should have been admitted so far, per minute window and per monthly period.
        const minuteCounts = new Map<number, number>()
        const periodCounts = new Map<number, number>()
        // What the system actually admitted, with the largest limit in force in that window.
        const admittedPerMinute = new Map<number, { count: number; limit: number }>()
        const admittedPerPeriod = new Map<number, { count: number; limit: number }>()
        const tally = (m: Map<number, { count: number; limit: number }>, key: number, limit: number) => {
          const entry = m.get(key) ?? { count: 0, limit }
          m.set(key, { count: entry.count + 1, limit: Math.max(entry.limit, limit) })
        }
        for (const [i, now] of times.entries()) {
          if (i === planChangeAt) {
            yield* setPlan(first.account.id, newPlan).pipe(withClockAt(now))
            const { account } = yield* getAccount(first.account.id)
            principals = [{ ...principals[0], account }, { ...principals[1], account }]
          }
          const principal = keys[i] ? principals[0] : principals[1]
          const account = principal.account
          const lim = table[account.plan]
          const minute = Allowance.minuteWindow(now).start
          const period = Allowance.monthPeriod(now, account.planChangedAt).start
          const usedMinute = minuteCounts.get(minute) ?? 0
          const usedPeriod = periodCounts.get(period) ?? 0
          const expected = usedMinute < lim.perMinute && usedPeriod < lim.perMonth
          const result = yield* Effect.result(chargeRequest(principal)).pipe(withClockAt(now))
          if (Result.isSuccess(result)) {
            tally(admittedPerMinute, minute, lim.perMinute)
            tally(admittedPerPeriod, period, lim.perMonth)
          }
          // Another account's traffic never touches this one's allowance.
          if (i % 4 === 0) yield* Effect.result(chargeRequest(second.principal)).pipe(withClockAt(now))
          if (expected) {
            minuteCounts.set(minute, usedMinute + 1)
            periodCounts.set(period, usedPeriod + 1)
            expect(Result.isSuccess(result)).toBe(true)
            const state = Option.getOrThrow(Result.getOrThrow(result))
            expect(state.remaining).toBe(
              Math.min(lim.perMinute - usedMinute - 1, lim.perMonth - usedPeriod - 1)
            )
            expect(state.resetAt).toBe(
              state.window === "minute" ? Allowance.minuteWindow(now).resetAt : Allowance.nextMonthStart(now)
            )
          } else {
            expect(Result.isFailure(result)).toBe(true)
            if (Result.isFailure(result)) {
              const e = result.failure
              expect(e._tag).toBe("RateLimited")
              expect(e.window).toBe(usedPeriod >= lim.perMonth ? "month" : "minute")
              expect(e.retryAfter).toBeGreaterThanOrEqual(1)
              if (e.window === "minute") {
                expect(e.retryAfter).toBeLessThanOrEqual(60)
                expect(e.resetAt).toBe(Allowance.minuteWindow(now).resetAt)
              } else {
                expect(e.resetAt).toBe(Allowance.nextMonthStart(now))
              }
            }
          }
        }
        for (const { count, limit } of admittedPerMinute.values()) expect(count).toBeLessThanOrEqual(limit)
        for (const { count, limit } of admittedPerPeriod.values()) expect(count).toBeLessThanOrEqual(limit)
      }).pipe(Effect.provideService(Settings.Settings, { ...Settings.defaults, plans: table })),
    { arbitrary: { runs: 60 } }
  )
})

describe("Plan changes", () => {
  it.effect("a plan change opens a fresh monthly allowance", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(at("2025-05-01T00:00:00Z"))
      const { account, principal } = yield* Fixtures.accountWithKey("free")
      yield* TestClock.setTime(at("2025-05-10T00:00:00Z"))
      for (let i = 0; i < 3; i++) yield* chargeRequest(principal)
      const refused = yield* Effect.flip(chargeRequest(principal))
      expect(refused.window).toBe("month")
      yield* TestClock.adjust("1 hour")
      const changed = yield* setPlan(account.id, "plus")
      const after = yield* chargeRequest({ ...principal, account: changed })
      expect(Option.getOrThrow(after).remaining).toBe(4)
      // The next calendar month opens a fresh allowance too.
      yield* TestClock.setTime(at("2025-06-01T00:00:00Z"))
      for (let i = 0; i < 5; i++) yield* chargeRequest({ ...principal, account: changed })
      expect((yield* Effect.flip(chargeRequest({ ...principal, account: changed }))).window).toBe("month")
    }).pipe(Effect.provide(TestApp.layer({
      plans: {
        free: { perMinute: 100, perMonth: 3 },
        plus: { perMinute: 100, perMonth: 5 },
        ultra: { perMinute: 100, perMonth: 9 }
      }
    }))))
})
