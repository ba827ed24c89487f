/**
 * Contract of the AssetUsage port: a maintained count per account, changed by stored and deleted assets, each
 * asset counted once and taken off once; assets never counted take nothing off; accounts are apart. A recount
 * applies its findings and sets the count to the sum of the account's counted assets, touching nothing it did not
 * look at.
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

    it.effect("lists the assets counted for an account", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const one = yield* newAccount()
        const two = yield* newAccount()
        const [a, b, c] = [asset(), asset(), asset()]
        yield* usage.stored(a, one.id, 1)
        yield* usage.stored(b, one.id, 2)
        yield* usage.stored(c, two.id, 3)
        yield* usage.deleted(b)
        expect(yield* usage.counted(one.id)).toEqual([a])
        expect(yield* usage.counted(two.id)).toEqual([c])
      })))

    it.effect("a recount adds, resizes and removes what it found, and the count becomes the sum", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const account = yield* newAccount()
        const other = yield* newAccount()
        const [wrongSize, gone, untouched, uncounted, othersAsset] = [asset(), asset(), asset(), asset(), asset()]
        yield* usage.stored(wrongSize, account.id, 999)
        yield* usage.stored(gone, account.id, 50)
        yield* usage.stored(untouched, account.id, 7)
        yield* usage.stored(othersAsset, other.id, 40)
        expect(yield* usage.used(account.id)).toBe(1_056)
        const after = yield* usage.recount(account.id, {
          add: [{ asset: uncounted, bytes: 300 }, { asset: othersAsset, bytes: 40 }],
          resize: [{ asset: wrongSize, bytes: 100 }, { asset: othersAsset, bytes: 1 }],
          remove: [gone, othersAsset]
        })
        // 100 (resized) + 7 (not looked at, kept) + 300 (added); another account's asset is neither taken nor changed.
        expect(after).toBe(407)
        expect(yield* usage.used(account.id)).toBe(407)
        expect(yield* usage.used(other.id)).toBe(40)
        expect([...(yield* usage.counted(account.id))].sort()).toEqual([wrongSize, untouched, uncounted].sort())
        // The remembered sizes are the new ones: deleting takes off what the recount set.
        yield* usage.deleted(wrongSize)
        expect(yield* usage.used(account.id)).toBe(307)
        // Idempotent: the same findings again change nothing.
        expect(yield* usage.recount(account.id, { add: [{ asset: uncounted, bytes: 300 }], resize: [], remove: [] }))
          .toBe(307)
        yield* usage.deleted(othersAsset)
        expect(yield* usage.used(other.id)).toBe(0)
      })))

    it.effect("a recount of an account never counted before starts its count; of nothing, the count is 0", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const fresh = yield* newAccount()
        const empty = yield* newAccount()
        expect(
          yield* usage.recount(fresh.id, { add: [{ asset: asset(), bytes: 5_000_000_000 }], resize: [], remove: [] })
        )
          .toBe(5_000_000_000)
        expect(yield* usage.used(fresh.id)).toBe(5_000_000_000)
        expect(yield* usage.recount(empty.id, { add: [], resize: [], remove: [] })).toBe(0)
        expect(yield* usage.used(empty.id)).toBe(0)
      })))

    it.effect("a recount inside a transaction that fails is taken back", () =>
      run(Effect.gen(function*() {
        const usage = yield* AssetUsage
        const account = yield* newAccount()
        const kept = asset()
        yield* usage.stored(kept, account.id, 10)
        const failed = yield* Effect.flip((yield* Transactor).atomic(
          Effect.andThen(
            usage.recount(account.id, { add: [{ asset: asset(), bytes: 5 }], resize: [], remove: [kept] }),
            Effect.fail("boom" as const)
          )
        ))
        expect(failed).toBe("boom")
        expect(yield* usage.used(account.id)).toBe(10)
        expect(yield* usage.counted(account.id)).toEqual([kept])
      })))
  })
