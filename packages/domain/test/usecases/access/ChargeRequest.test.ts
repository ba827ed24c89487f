/** Charging requests: the 61st in a minute is refused with the minute window; a broken counter fails open. */
import {
  AllowanceCounter,
  chargeRequest,
  Errors,
  peekAllowanceWith,
  reportUsage,
  Settings
} from "@bookmark-library/domain"
import { Fixtures, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { failureOf } from "../../support/World.js"

const brokenCounter = Layer.succeed(
  AllowanceCounter,
  AllowanceCounter.of({
    charge: () => Effect.fail(new Errors.StorageUnavailable({ reason: "redis: connection refused" })),
    peek: () => Effect.fail(new Errors.StorageUnavailable({ reason: "redis: connection refused" })),
    usage: () => Effect.fail(new Errors.StorageUnavailable({ reason: "redis: connection refused" }))
  })
)

const peek = (principal: Parameters<ReturnType<typeof peekAllowanceWith>>[0]) =>
  Effect.flatMap(
    Settings.Settings,
    (settings) => Effect.flatMap(AllowanceCounter, (counter) => peekAllowanceWith(settings, counter)(principal))
  )

describe("chargeRequest", () => {
  it.effect("peeking shows the binding window without counting, and a used-up minute as refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-03-15T10:20:15.250Z"))
      const { principal } = yield* Fixtures.accountWithKey("free")
      for (let i = 0; i < 3; i++) {
        expect(Option.getOrThrow(yield* peek(principal))).toMatchObject({ admitted: true, remaining: 60 })
      }
      for (let i = 0; i < 59; i++) yield* chargeRequest(principal)
      expect(Option.getOrThrow(yield* peek(principal))).toMatchObject({
        admitted: true,
        window: "minute",
        remaining: 1
      })
      yield* chargeRequest(principal)
      expect(Option.getOrThrow(yield* peek(principal))).toMatchObject({
        admitted: false,
        window: "minute",
        remaining: 0,
        retryAfter: 45
      })
      expect((yield* reportUsage(principal)).usage.month).toBe(60)
    }).pipe(Effect.provide(TestApp.layer())))

  it.effect("admits 60 requests in a minute on the free plan and refuses the 61st with the minute window", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-03-15T10:20:15.250Z"))
      const { principal } = yield* Fixtures.accountWithKey("free")
      for (let i = 1; i <= 60; i++) {
        const state = Option.getOrThrow(yield* chargeRequest(principal))
        expect(state).toMatchObject({ window: "minute", limit: 60, remaining: 60 - i })
      }
      const refused = yield* failureOf(chargeRequest(principal), Errors.RateLimited)
      expect(refused).toMatchObject({
        window: "minute",
        limit: 60,
        resetAt: Date.parse("2026-03-15T10:21:00.000Z"),
        retryAfter: 45
      })
      expect(refused.message).toMatch(/Per-minute limit of 60.*45 s/)
      // A refused request is not counted.
      expect((yield* reportUsage(principal)).usage.month).toBe(60)
      yield* TestClock.setTime(Date.parse("2026-03-15T10:21:00.000Z"))
      expect(Option.getOrThrow(yield* chargeRequest(principal)).remaining).toBe(59)
    }).pipe(Effect.provide(TestApp.layer())))

  it.effect("all keys of an account share the allowance; another account has its own", () =>
    Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey("free")
      const other = yield* Fixtures.accountWithKey("free")
      for (let i = 0; i < 60; i++) yield* chargeRequest(principal)
      const second = yield* Fixtures.accountWithKey("free")
      expect(Option.isSome(yield* chargeRequest(other.principal))).toBe(true)
      expect(Option.isSome(yield* chargeRequest(second.principal))).toBe(true)
      expect((yield* failureOf(chargeRequest(principal), Errors.RateLimited)).window).toBe("minute")
    }).pipe(Effect.provide(TestApp.layer())))

  it.effect("refuses with the month window once the monthly allowance is used, and names its renewal", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2025-12-31T23:59:00Z"))
      const { principal } = yield* Fixtures.accountWithKey("free")
      for (let i = 0; i < 2; i++) yield* chargeRequest(principal)
      const refused = yield* failureOf(chargeRequest(principal), Errors.RateLimited)
      expect(refused).toMatchObject({
        window: "month",
        limit: 2,
        resetAt: Date.parse("2026-01-01T00:00:00Z"),
        retryAfter: 60
      })
      expect(refused.message).toMatch(/renews at 2026-01-01T00:00:00.000Z/)
      yield* TestClock.setTime(Date.parse("2026-01-01T00:00:00Z"))
      expect(Option.isSome(yield* chargeRequest(principal))).toBe(true)
    }).pipe(
      Effect.provide(
        TestApp.layer({
          plans: {
            free: { perMinute: 60, perMonth: 2 },
            plus: { perMinute: 1, perMonth: 1 },
            ultra: { perMinute: 1, perMonth: 1 }
          }
        })
      )
    ))

  it.effect("serves the request (fail open) when the counter cannot be reached", () =>
    Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey("free")
      for (let i = 0; i < 100; i++) expect(yield* chargeRequest(principal)).toEqual(Option.none())
      expect(yield* peek(principal)).toEqual(Option.none())
      // Usage cannot be read without the counter: that is reported, not invented.
      const error = yield* failureOf(reportUsage(principal), Errors.StorageUnavailable)
      expect(error.message).toMatch(/temporarily unavailable/)
    }).pipe(Effect.provide(Layer.merge(TestApp.layer(), brokenCounter))))
})
