/**
 * Contract of the AssetUsage port: a maintained count per account, changed by stored and deleted assets, each
 * asset counted once and taken off once; assets never counted take nothing off; accounts are apart.
 */
import { type Accounts, AssetId, AssetUsage, Transactor } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { newAccount } from "./Support.js"

/** A fresh asset id (32 hex digits, as enrichment makes them). */
const asset = () => AssetId.make(Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join(""))

export const assetUsageContract = <E>(name: string, layer: Layer.Layer<Accounts | AssetUsage | Transactor, E>) =>
  describe(`AssetUsage contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | AssetUsage | Transactor>) =>
      effect.pipe(Effect.provide(layer))

    it.effect("counts stored assets per account and takes deleted ones off, each once", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const one = yield* newAccount()
        const two = yield* newAccount()
        expect(yield* usage.used(one.id)).toBe(0)
        const [screenshot, copy, theirs] = [asset(), asset(), asset()]
        yield* usage.stored(screenshot, one.id, 180_000)
        yield* usage.stored(copy, one.id, 2_500_000)
        yield* usage.stored(theirs, two.id, 7)
        expect(yield* usage.used(one.id)).toBe(2_680_000)
        expect(yield* usage.used(two.id)).toBe(7)
        // Counted once: a second report of one asset (a retried step) adds nothing.
        yield* usage.stored(copy, one.id, 2_500_000)
        expect(yield* usage.used(one.id)).toBe(2_680_000)
        yield* usage.deleted(copy)
        yield* usage.deleted(copy)
        expect(yield* usage.used(one.id)).toBe(180_000)
        // An asset never counted (an imported reference, one stored before counting) takes nothing off.
        yield* usage.deleted(asset())
        expect(yield* usage.used(one.id)).toBe(180_000)
        yield* usage.deleted(theirs)
        expect(yield* usage.used(two.id)).toBe(0)
      })))

    it.effect("sizes past 4 GiB add up exactly", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const account = yield* newAccount()
        for (let i = 0; i < 3; i++) yield* usage.stored(asset(), account.id, 2_000_000_000)
        expect(yield* usage.used(account.id)).toBe(6_000_000_000)
      })))

    it.effect("a count inside a transaction that fails is taken back", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const account = yield* newAccount()
        const kept = asset()
        yield* usage.stored(kept, account.id, 10)
        const failed = yield* Effect.flip((yield* Transactor).atomic(
          Effect.andThen(usage.stored(asset(), account.id, 99), Effect.fail("boom" as const))
        ))
        expect(failed).toBe("boom")
        expect(yield* usage.used(account.id)).toBe(10)
      })))
  })
