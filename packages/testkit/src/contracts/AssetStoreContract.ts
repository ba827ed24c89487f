/**
 * Contract of the AssetStore port: exact bytes and content type by id; assets are immutable (served with immutable
 * caching, so a second `put` of an id keeps the first asset); what is stored is a copy of what was
 * given; a delete removes it (an unknown id is no error).
 */
import { AssetId, AssetStore } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"

const randomId = () => AssetId.make(Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join(""))
const pattern = (length: number, seed: number) => new Uint8Array(length).map((_, i) => (i * seed + 1) % 256)
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

export const assetStoreContract = <E>(name: string, layer: Layer.Layer<AssetStore, E>) =>
  describe(`AssetStore contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, AssetStore>) => effect.pipe(Effect.provide(layer))

    it.effect("stores bytes with their content type; unknown ids read as none", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const bytes = pattern(70_000, 7)
        yield* assets.put(id, { bytes, contentType: "image/jpeg" })
        const got = yield* assets.get(id)
        expect(Option.map(got, (a) => a.contentType)).toEqual(Option.some("image/jpeg"))
        expect(Option.map(got, (a) => same(a.bytes, bytes))).toEqual(Option.some(true))
        expect(Option.isNone(yield* assets.get(randomId()))).toBe(true)
      })))

    it.effect("keeps an empty asset and any content type exactly", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const empty = randomId()
        const typed = randomId()
        yield* assets.put(empty, { bytes: new Uint8Array(0), contentType: "image/png" })
        yield* assets.put(typed, { bytes: pattern(3, 1), contentType: "image/svg+xml; charset=utf-8" })
        expect(Option.map(yield* assets.get(empty), (a) => [a.contentType, a.bytes.byteLength])).toEqual(Option.some(["image/png", 0]))
        expect(Option.map(yield* assets.get(typed), (a) => a.contentType)).toEqual(Option.some("image/svg+xml; charset=utf-8"))
      })))

    it.effect("is immutable: writing an id again keeps the first bytes and content type", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const first = pattern(5_000, 3)
        yield* assets.put(id, { bytes: first, contentType: "image/jpeg" })
        yield* assets.put(id, { bytes: pattern(20, 11), contentType: "image/webp" })
        const got = yield* assets.get(id)
        expect(Option.map(got, (a) => [a.contentType, same(a.bytes, first)])).toEqual(Option.some(["image/jpeg", true]))
      })))

    it.effect("keeps a copy: changing the given or the returned bytes afterwards changes nothing stored", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const given = pattern(64, 5)
        const original = Uint8Array.from(given)
        yield* assets.put(id, { bytes: given, contentType: "image/jpeg" })
        given.fill(0)
        const read = Option.getOrThrow(yield* assets.get(id))
        expect(same(read.bytes, original)).toBe(true)
        read.bytes.fill(9)
        expect(Option.map(yield* assets.get(id), (a) => same(a.bytes, original))).toEqual(Option.some(true))
      })))

    it.effect("concurrent writes: every asset is readable whole; of racing writes of one id, one wins whole", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const ids = Array.from({ length: 12 }, randomId)
        yield* Effect.all(ids.map((id, i) => assets.put(id, { bytes: pattern(1_000 + i, i + 1), contentType: `image/x-${i}` })), {
          concurrency: "unbounded"
        })
        for (const [i, id] of ids.entries()) {
          expect(Option.map(yield* assets.get(id), (a) => [a.contentType, same(a.bytes, pattern(1_000 + i, i + 1))]))
            .toEqual(Option.some([`image/x-${i}`, true]))
        }
        const contested = randomId()
        const candidates = Array.from({ length: 8 }, (_, i) => ({ bytes: pattern(2_000 + 500 * i, i + 2), contentType: `image/x-${i}` }))
        yield* Effect.all(candidates.map((c) => assets.put(contested, c)), { concurrency: "unbounded" })
        const winner = Option.getOrThrow(yield* assets.get(contested))
        const matches = candidates.filter((c) => c.contentType === winner.contentType && same(c.bytes, winner.bytes))
        expect(matches.length).toBe(1)
      })))

    it.effect("deletes an asset; deleting an unknown one is no error", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        yield* assets.put(id, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" })
        yield* assets.delete(id)
        expect(Option.isNone(yield* assets.get(id))).toBe(true)
        yield* assets.delete(id)
        yield* assets.delete(randomId())
      })))
  })
