/** StoreScreenshot: a screenshot kept under a fresh asset id, or none when the store fails. */
import { AccountId, AssetStore, AssetUsage, Errors } from "@bookmark-library/domain"
import { MemoryAssetStore, MemoryAssetUsage, MemoryIdGenerator } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Stream } from "effect"
import { storeScreenshot } from "../../../src/usecases/enrichment/StoreScreenshot.js"

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9])
const owner = AccountId.make("acc_owner")

describe("storeScreenshot", () => {
  it.effect("stores the bytes as image/jpeg under 32 hex characters, counted for its account", () =>
    Effect.gen(function*() {
      const id = Option.getOrThrow(yield* storeScreenshot(owner, jpeg))
      expect(id).toMatch(/^[0-9a-f]{32}$/)
      const stored = Option.getOrThrow(yield* (yield* AssetStore).get(id))
      expect(stored.contentType).toBe("image/jpeg")
      expect([...stored.bytes]).toEqual([...jpeg])
      expect(yield* (yield* AssetUsage).used(owner)).toBe(4)
    }).pipe(Effect.provide(Layer.mergeAll(MemoryAssetStore.layer, MemoryAssetUsage.layer, MemoryIdGenerator.layer(7)))))

  it.effect("a store that fails gives none, and counts nothing", () =>
    Effect.gen(function*() {
      const failing = Layer.succeed(
        AssetStore,
        AssetStore.of({
          put: () => Effect.fail(new Errors.StorageUnavailable({ reason: "disk full" })),
          get: () => Effect.succeed(Option.none()),
          putStream: () => Effect.fail(new Errors.StorageUnavailable({ reason: "disk full" })),
          getStream: () => Effect.succeed(Option.none()),
          list: () => Stream.empty,
          delete: () => Effect.void
        })
      )
      const usage = MemoryAssetUsage.make()
      const layer = Layer.mergeAll(failing, Layer.succeed(AssetUsage, usage), MemoryIdGenerator.layer(7))
      expect(yield* storeScreenshot(owner, jpeg).pipe(Effect.provide(layer))).toEqual(Option.none())
      expect(yield* usage.used(owner)).toBe(0)
    }))
})
