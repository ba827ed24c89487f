/**
 * Contract of the AllowanceCounter port. Counters that read Effect's Clock run the time-travel cases with
 * TestClock; counters with a clock of their own (Redis TIME) run the rest.
 */
import { AccountId, AllowanceCounter, ApiKeyId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { TestClock } from "effect/testing"
import { uid } from "./Support.js"

export interface CounterContractOptions {
  /** True when the counter reads Effect's Clock, so TestClock moves its windows. */
  readonly effectClock: boolean
}

const ids = () => ({ accountId: AccountId.make(uid("acc_")), keyId: ApiKeyId.make(uid("key_")) })

export const allowanceCounterContract = <E>(
  name: string,
  layer: Layer.Layer<AllowanceCounter, E>,
  options: CounterContractOptions
) =>
  describe(`AllowanceCounter contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, AllowanceCounter>) => effect.pipe(Effect.provide(layer))

    it.effect("admits exactly the limit among 200 concurrent requests", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const limits = { perMinute: 60, perMonth: 60 }
        const results = yield* Effect.all(
          Array.from({ length: 200 }, () => counter.charge({ accountId, keyId, limits, planChangedAt: 0 })),
          { concurrency: "unbounded" }
        )
        expect(results.filter((r) => r.admitted).length).toBe(60)
        const usage = yield* counter.usage({ accountId, planChangedAt: 0 })
        expect([usage.month, usage.total, usage.byKey.get(keyId)]).toEqual([60, 60, 60])
      })))

    it.effect("refused requests are not counted; usage is per key and per account", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const second = ApiKeyId.make(uid("key_"))
        const other = ids()
        const limits = { perMinute: 5, perMonth: 1_000 }
        const charge = (k: ApiKeyId) => counter.charge({ accountId, keyId: k, limits, planChangedAt: 0 })
        for (let i = 0; i < 3; i++) yield* charge(keyId)
        yield* charge(second)
        yield* charge(second)
        const refused = yield* charge(keyId)
        expect(refused).toMatchObject({ admitted: false, minuteUsed: 5 })
        yield* counter.charge({ ...other, limits, planChangedAt: 0 })
        const usage = yield* counter.usage({ accountId, planChangedAt: 0 })
        expect(usage.month).toBe(5)
        expect(usage.total).toBe(5)
        expect(usage.byKey.get(keyId)).toBe(3)
        expect(usage.byKey.get(second)).toBe(2)
      })))

    it.effect("notes each key's last use and counts requests per UTC day of the month", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const unused = ApiKeyId.make(uid("key_"))
        const limits = { perMinute: 100, perMonth: 1_000 }
        yield* counter.charge({ accountId, keyId, limits, planChangedAt: 0 })
        yield* counter.charge({ accountId, keyId, limits, planChangedAt: 0 })
        const usage = yield* counter.usage({ accountId, planChangedAt: 0 })
        expect(usage.lastUsed.has(keyId)).toBe(true)
        expect(usage.lastUsed.has(unused)).toBe(false)
        expect([...usage.byDay.values()].reduce((a, b) => a + b, 0)).toBe(2)
        for (const day of usage.byDay.keys()) expect(day % 86_400_000).toBe(0)
      })))

    it.effect("peeking counts nothing and sees what the next charge would", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const limits = { perMinute: 3, perMonth: 1_000 }
        const peek = counter.peek({ accountId, limits, planChangedAt: 0 })
        expect(yield* peek).toMatchObject({ admitted: true, minuteUsed: 0, monthUsed: 0 })
        for (let i = 0; i < 2; i++) yield* counter.charge({ accountId, keyId, limits, planChangedAt: 0 })
        expect(yield* peek).toMatchObject({ admitted: true, minuteUsed: 2, monthUsed: 2 })
        expect(yield* peek).toMatchObject({ admitted: true, minuteUsed: 2, monthUsed: 2 })
        yield* counter.charge({ accountId, keyId, limits, planChangedAt: 0 })
        expect(yield* peek).toMatchObject({ admitted: false, minuteUsed: 3, monthUsed: 3 })
        const usage = yield* counter.usage({ accountId, planChangedAt: 0 })
        expect([usage.month, usage.total]).toEqual([3, 3])
      })))

    if (!options.effectClock) return

    it.effect("per-day counts and last use follow the clock; days of earlier months are not reported", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const other = ApiKeyId.make(uid("key_"))
        const limits = { perMinute: 100, perMonth: 1_000 }
        const charge = (k: ApiKeyId) => counter.charge({ accountId, keyId: k, limits, planChangedAt: 0 })
        yield* TestClock.setTime(Date.UTC(2025, 0, 31, 23, 59))
        yield* charge(keyId)
        yield* TestClock.setTime(Date.UTC(2025, 1, 1, 8))
        yield* charge(keyId)
        yield* charge(other)
        yield* TestClock.setTime(Date.UTC(2025, 1, 3, 12))
        yield* charge(keyId)
        const refusedLimits = { perMinute: 1, perMonth: 1_000 }
        yield* counter.charge({ accountId, keyId: other, limits: refusedLimits, planChangedAt: 0 })
        const usage = yield* counter.usage({ accountId, planChangedAt: 0 })
        expect([...usage.byDay.entries()].sort((a, b) => a[0] - b[0])).toEqual([
          [Date.UTC(2025, 1, 1), 2],
          [Date.UTC(2025, 1, 3), 1]
        ])
        expect(usage.lastUsed.get(keyId)).toBe(Date.UTC(2025, 1, 3, 12))
        expect(usage.lastUsed.get(other)).toBe(Date.UTC(2025, 1, 1, 8))
      })))

    it.effect("the next minute admits again; the month keeps counting", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const limits = { perMinute: 2, perMonth: 100 }
        const charge = counter.charge({ accountId, keyId, limits, planChangedAt: 0 })
        yield* TestClock.setTime(Date.UTC(2025, 0, 15, 10, 0, 5))
        expect((yield* charge).admitted).toBe(true)
        expect((yield* charge).admitted).toBe(true)
        const refused = yield* charge
        expect(refused).toMatchObject({
          admitted: false,
          minuteUsed: 2,
          monthUsed: 2,
          now: Date.UTC(2025, 0, 15, 10, 0, 5)
        })
        yield* TestClock.setTime(Date.UTC(2025, 0, 15, 10, 1, 0))
        expect(yield* charge).toMatchObject({ admitted: true, minuteUsed: 1, monthUsed: 3 })
      })))

    it.effect("the monthly allowance ends on the first of next month UTC, or at a plan change", () =>
      run(Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const limits = { perMinute: 100, perMonth: 3 }
        const charge = (planChangedAt: number) => counter.charge({ accountId, keyId, limits, planChangedAt })
        yield* TestClock.setTime(Date.UTC(2024, 1, 29, 23, 58))
        for (let i = 0; i < 3; i++) expect((yield* charge(0)).admitted).toBe(true)
        yield* TestClock.setTime(Date.UTC(2024, 1, 29, 23, 59, 59, 999))
        expect((yield* charge(0)).admitted).toBe(false)
        yield* TestClock.setTime(Date.UTC(2024, 2, 1))
        expect(yield* charge(0)).toMatchObject({ admitted: true, monthUsed: 1 })
        yield* charge(0)
        yield* charge(0)
        expect((yield* charge(0)).admitted).toBe(false)
        const changedAt = Date.UTC(2024, 2, 1, 0, 30)
        yield* TestClock.setTime(changedAt + 1)
        expect(yield* charge(changedAt)).toMatchObject({ admitted: true, monthUsed: 1 })
        const usage = yield* counter.usage({ accountId, planChangedAt: changedAt })
        expect([usage.month, usage.total]).toEqual([1, 7])
      })))
  })
