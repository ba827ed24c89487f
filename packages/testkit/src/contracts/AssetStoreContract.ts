/** Contract of the AssetStore port. */
import { AssetId, AssetStore } from "@bookmarks/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"

const randomId = () => AssetId.make(Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join(""))

export const assetStoreContract = <E>(name: string, layer: Layer.Layer<AssetStore, E>) =>
  describe(`AssetStore contract: ${name}`, () => {
    it.effect("stores bytes with their content type; unknown ids read as none; URLs name the id", () =>
      Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256)
        yield* assets.put(id, { bytes, contentType: "image/jpeg" })
        const got = yield* assets.get(id)
        expect(Option.map(got, (a) => a.contentType)).toEqual(Option.some("image/jpeg"))
        expect(Option.map(got, (a) => Buffer.from(a.bytes).equals(Buffer.from(bytes)))).toEqual(Option.some(true))
        expect(Option.isNone(yield* assets.get(randomId()))).toBe(true)
        expect(assets.url(id)).toMatch(new RegExp(`^https?://.+/v1/api/assets/${id}$`))
      }).pipe(Effect.provide(layer)))
  
    it.effect("deletes an asset; deleting an unknown one is no error", () =>
      Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        yield* assets.put(id, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" })
        yield* assets.delete(id)
        expect(Option.isNone(yield* assets.get(id))).toBe(true)
        yield* assets.delete(id)
        yield* assets.delete(randomId())
      }).pipe(Effect.provide(layer)))
  })
