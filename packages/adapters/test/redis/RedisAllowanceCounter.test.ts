import { AccountId, Allowance, AllowanceCounter, ApiKeyId } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Clock, Context, Effect, Layer, Logger, ManagedRuntime, Redacted, References, Result, Schedule } from "effect"
import { TestClock } from "effect/testing"
import { Redis } from "ioredis"
import * as RedisAllowanceCounter from "../../src/redis/RedisAllowanceCounter.js"
import * as TcpProxy from "./TcpProxy.js"

const redis = External.needs("TEST_REDIS_URL")

let seq = 0
const ids = () => {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 8)}`
  return { accountId: AccountId.make(`acc_${tag}`), keyId: ApiKeyId.make(`key_${tag}`) }
}

/**
 * The counter built once, outside any test: tests run under TestClock, which must not drive the
 * connection's own timers. The returned layer hands out the already built service.
 */
const prebuilt = (options: RedisAllowanceCounter.Options) => {
  const runtime = ManagedRuntime.make(RedisAllowanceCounter.layer(options))
  let context: Context.Context<AllowanceCounter> | undefined
  beforeAll(async () => {
    context = await runtime.context()
  })
  afterAll(() => runtime.dispose())
  return Layer.effectContext(
    Effect.suspend(() => context === undefined ? Effect.die(new Error("counter not built")) : Effect.succeed(context))
  )
}

const captureLogs = () => {
  const entries: Array<{ level: string; message: string; annotations: Record<string, unknown> }> = []
  const logger = Logger.make(({ fiber, logLevel, message }) => {
    entries.push({
      level: logLevel,
      message: (Array.isArray(message) ? message : [message]).map(String).join(" "),
      annotations: { ...fiber.getRef(References.CurrentLogAnnotations) }
    })
  })
  return { entries, layer: Logger.layer([logger]) }
}

const withCounter = <A, E>(
  options: RedisAllowanceCounter.Options,
  f: (counter: Context.Service.Shape<typeof AllowanceCounter>) => Effect.Effect<A, E>
) =>
  Effect.flatMap(
    Layer.build(RedisAllowanceCounter.layer(options)),
    (context) => f(Context.get(context, AllowanceCounter))
  )

describe.runIf(redis.run)("RedisAllowanceCounter", () => {
  const url = Redacted.make(redis.value)
  const serverClock = prebuilt({ url })
  const effectClock = prebuilt({ url, clock: "effect" })
  const secondProcess = prebuilt({ url })

  Contracts.allowanceCounterContract("Redis, server clock", serverClock, { effectClock: false })
  Contracts.allowanceCounterContract("Redis, effect clock", effectClock, { effectClock: true })

  it.effect("two clients, as two processes would, charging one account concurrently admit exactly the limit", () =>
    Effect.gen(function*() {
      const [one, two] = yield* Effect.all([
        AllowanceCounter.pipe(Effect.provide(serverClock)),
        AllowanceCounter.pipe(Effect.provide(secondProcess))
      ])
      const { accountId, keyId } = ids()
      const other = ApiKeyId.make(`${keyId}_2`)
      const limits = { perMinute: 10_000, perMonth: 100 }
      const results = yield* Effect.all(
        Array.from({ length: 300 }, (_, i) =>
          i % 2 === 0
            ? one.charge({ accountId, keyId, limits, planChangedAt: 0 })
            : two.charge({ accountId, keyId: other, limits, planChangedAt: 0 })),
        { concurrency: "unbounded" }
      )
      expect(results.filter((r) => r.admitted).length).toBe(100)
      expect(Math.max(...results.map((r) => r.monthUsed))).toBe(100)
      const usage = yield* two.usage({ accountId, planChangedAt: 0 })
      expect([usage.month, usage.total, (usage.byKey.get(keyId) ?? 0) + (usage.byKey.get(other) ?? 0)])
        .toEqual([100, 100, 100])
    }))

  describe("the monthly period resets at the first instant of the next UTC month", () => {
    // Charges with an allowance of one per month at the edges of the period that ends at `resetAt`.
    const edges = (resetAt: number, start = Allowance.monthStart(resetAt - 1)) =>
      Effect.gen(function*() {
        const counter = yield* AllowanceCounter
        const { accountId, keyId } = ids()
        const charge = (at: number) =>
          TestClock.setTime(at).pipe(
            Effect.andThen(
              counter.charge({ accountId, keyId, limits: { perMinute: 100, perMonth: 1 }, planChangedAt: 0 })
            )
          )
        const first = yield* charge(start)
        const last = yield* charge(resetAt - 1)
        const next = yield* charge(resetAt)
        const nextAgain = yield* charge(resetAt + 1)
        return [first, last, next, nextAgain].map((r) => [r.admitted, r.monthUsed])
      }).pipe(Effect.provide(effectClock))

    const expected = [[true, 1], [false, 1], [true, 1], [false, 1]]

    it.effect("December → January", () =>
      Effect.map(edges(Date.UTC(2025, 0, 1)), (seen) => expect(seen).toEqual(expected)))

    it.effect("29 February 2024 → 1 March (leap year)", () =>
      Effect.map(edges(Date.UTC(2024, 2, 1)), (seen) => {
        expect(Date.UTC(2024, 2, 1) - 1).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 999))
        expect(seen).toEqual(expected)
      }))

    it.effect("28 February → 1 March in 2023, 2100 (no leap day) and 2000 (leap century)", () =>
      Effect.forEach(
        [Date.UTC(2023, 2, 1), Date.UTC(2100, 2, 1), Date.UTC(2000, 2, 1)],
        (resetAt) => Effect.map(edges(resetAt), (seen) => expect(seen).toEqual(expected))
      ))

    it.effect("agrees with the domain's calendar at 60 pseudo-random instants, 1970–2400", () =>
      Effect.gen(function*() {
        let state = 20240229
        const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
        for (let i = 0; i < 60; i++) {
          const t = Math.floor(next() * Date.UTC(2400, 0, 1))
          const seen = yield* edges(Allowance.nextMonthStart(t), Allowance.monthStart(t))
          expect(seen, new Date(t).toISOString()).toEqual(expected)
        }
      }))
  })

  it.effect("keys are hash-tagged per account; window and day keys expire, the total and last uses do not", () =>
    Effect.gen(function*() {
      const counter = yield* AllowanceCounter
      const { accountId, keyId } = ids()
      yield* TestClock.setTime(Date.UTC(2025, 5, 30, 12, 0, 30))
      yield* counter.charge({ accountId, keyId, limits: { perMinute: 5, perMonth: 5 }, planChangedAt: 0 })
      const raw = yield* Effect.acquireRelease(
        Effect.sync(() => new Redis(redis.value, { lazyConnect: true })),
        (client) => Effect.promise(() => client.quit())
      )
      const prefix = `bk:{${accountId}}:`
      const keys = yield* Effect.promise(() => raw.keys(`${prefix}*`))
      const minuteKey = `${prefix}m:${Date.UTC(2025, 5, 30, 12, 0)}`
      const periodKey = `${prefix}p:${Date.UTC(2025, 5, 1)}`
      const daysKey = `${prefix}d:${Date.UTC(2025, 5, 1)}`
      expect(keys.sort()).toEqual([minuteKey, periodKey, daysKey, `${prefix}lu`, `${prefix}total`].sort())
      const [minuteTtl, periodTtl, totalTtl, daysTtl, lastUsedTtl] = yield* Effect.promise(() =>
        Promise.all([
          raw.pttl(minuteKey),
          raw.pttl(periodKey),
          raw.pttl(`${prefix}total`),
          raw.pttl(daysKey),
          raw.pttl(`${prefix}lu`)
        ])
      )
      // 30 s left in the minute, plus one minute of grace.
      expect(minuteTtl).toBeGreaterThan(80_000)
      expect(minuteTtl).toBeLessThanOrEqual(90_000)
      // Until two days after the month's end (18 h of June left).
      expect(periodTtl).toBeGreaterThan(Date.UTC(2025, 6, 3) - Date.UTC(2025, 5, 30, 12, 0, 31))
      expect(periodTtl).toBeLessThanOrEqual(Date.UTC(2025, 6, 3) - Date.UTC(2025, 5, 30, 12, 0, 30))
      expect(totalTtl).toBe(-1)
      // Per-day counts live as long as the month's period; each key's last use is kept like the total.
      // Read a moment apart: equal within the time between the two reads.
      expect(Math.abs(daysTtl - periodTtl)).toBeLessThan(1_000)
      expect(lastUsedTtl).toBe(-1)
    }).pipe(Effect.scoped, Effect.provide(effectClock)))

  it.live("with nothing listening, start-up and every call fail fast as StorageUnavailable, with one warning", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const port = yield* Effect.promise(TcpProxy.closedPort)
      const started = yield* Clock.currentTimeMillis
      yield* withCounter(
        { url: Redacted.make(`redis://:s3cret@127.0.0.1:${port}/0`) },
        (counter) =>
          Effect.gen(function*() {
            expect((yield* Clock.currentTimeMillis) - started).toBeLessThan(1_000)
            const { accountId, keyId } = ids()
            const limits = { perMinute: 5, perMonth: 5 }
            for (let i = 0; i < 4; i++) {
              const outcome = yield* counter.charge({ accountId, keyId, limits, planChangedAt: 0 }).pipe(
                Effect.timeout("1 second"),
                Effect.result
              )
              expect(Result.isFailure(outcome) && outcome.failure._tag).toBe("StorageUnavailable")
              // Background reconnect attempts fail meanwhile; they must not log again.
              yield* Effect.sleep("150 millis")
            }
            const usage = yield* counter.usage({ accountId, planChangedAt: 0 }).pipe(
              Effect.timeout("1 second"),
              Effect.result
            )
            expect(Result.isFailure(usage) && usage.failure._tag).toBe("StorageUnavailable")
          })
      )
      const warnings = logs.entries.filter((e) => e.level === "Warn")
      expect(warnings).toHaveLength(1)
      expect(warnings[0]?.annotations["redis"]).toBe(`redis://127.0.0.1:${port}/0`)
      expect(JSON.stringify(logs.entries)).not.toContain("s3cret")
    }).pipe(Effect.scoped, Effect.provide(logs.layer))
  })

  it.live("a request during an outage fails fast; counting resumes when Redis returns", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const { proxy, url: proxied } = yield* TcpProxy.proxiedRedis(redis.value)
      yield* withCounter({ url: Redacted.make(proxied) }, (counter) =>
        Effect.gen(function*() {
          const { accountId, keyId } = ids()
          const charge = counter.charge({
            accountId,
            keyId,
            limits: { perMinute: 1_000, perMonth: 1_000 },
            planChangedAt: 0
          })
          expect((yield* charge).monthUsed).toBe(1)
          yield* Effect.promise(proxy.cut)
          const during = yield* charge.pipe(Effect.timeout("1 second"), Effect.result)
          expect(Result.isFailure(during) && during.failure._tag).toBe("StorageUnavailable")
          yield* Effect.promise(proxy.restore)
          // ioredis reconnects in the background; its retry delay is at most 2 s.
          const after = yield* charge.pipe(
            Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "5 seconds" })))
          )
          expect(after).toMatchObject({ admitted: true, monthUsed: 2 })
        }))
      expect(logs.entries.filter((e) => e.level === "Warn")).toHaveLength(1)
      expect(logs.entries.filter((e) => e.level === "Info" && e.message.includes("reachable again"))).toHaveLength(1)
    }).pipe(Effect.scoped, Effect.provide(logs.layer))
  })
})
