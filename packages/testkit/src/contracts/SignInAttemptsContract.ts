/** Contract of the SignInAttempts port: fixed windows per key that open at a failure, exact under concurrency. */
import { SignInAttempts } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { uid } from "./Support.js"

export const signInAttemptsContract = <E>(name: string, layer: Layer.Layer<SignInAttempts, E>) =>
  describe(`SignInAttempts contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, SignInAttempts>) => effect.pipe(Effect.provide(layer))
    const window = 1_000

    it.effect("counts failures in a window that opens at the first one and ends after `window`", () =>
      run(Effect.gen(function*() {
        const attempts = yield* SignInAttempts
        const key = uid("email:")
        expect(Option.isNone(yield* attempts.failures(key, 100, window))).toBe(true)
        expect(yield* attempts.recordFailure(key, 100, window)).toEqual({ count: 1, since: 100 })
        expect(yield* attempts.recordFailure(key, 600, window)).toEqual({ count: 2, since: 100 })
        expect(yield* attempts.failures(key, 1_099, window)).toEqual(Option.some({ count: 2, since: 100 }))
        expect(Option.isNone(yield* attempts.failures(key, 1_100, window))).toBe(true)
        expect(yield* attempts.recordFailure(key, 1_200, window)).toEqual({ count: 1, since: 1_200 })
      })))

    it.effect("counts every one of many concurrent failures; clears a key; keys are independent", () =>
      run(Effect.gen(function*() {
        const attempts = yield* SignInAttempts
        const key = uid("addr:")
        const other = uid("addr:")
        yield* Effect.all(Array.from({ length: 25 }, () => attempts.recordFailure(key, 10, window)), {
          concurrency: "unbounded"
        })
        yield* attempts.recordFailure(other, 10, window)
        expect(Option.map(yield* attempts.failures(key, 20, window), (c) => c.count)).toEqual(Option.some(25))
        yield* attempts.clear(key)
        expect(Option.isNone(yield* attempts.failures(key, 20, window))).toBe(true)
        expect(Option.map(yield* attempts.failures(other, 20, window), (c) => c.count)).toEqual(Option.some(1))
      })))
  })
