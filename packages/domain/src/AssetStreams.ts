/** Helpers of the AssetStore port's streams: an asset of bytes as a stream, and a stream of known length collected. */
import { Effect, Stream } from "effect"
import { StorageUnavailable } from "./Errors.js"
import type { Asset, AssetStream } from "./ports/AssetStore.js"

/** An asset held in memory, as the stream form of the port. */
export const fromAsset = (asset: Asset): AssetStream => ({
  contentType: asset.contentType,
  size: asset.bytes.byteLength,
  stream: asset.bytes.byteLength === 0 ? Stream.empty : Stream.succeed(asset.bytes)
})

/** Fails when a stream said to hold `expected` bytes ends with `actual`. */
export const lengthMismatch = (expected: number, actual: number) =>
  new StorageUnavailable({ reason: `assets: the stream held ${actual} bytes, not the ${expected} announced` })

/**
 * Collects a stream of known length into one buffer, for stores that keep an asset whole (the database, memory):
 * a stream that runs past `size` fails at once, one that ends short fails at the end.
 */
export const collect = (asset: AssetStream): Effect.Effect<Asset, StorageUnavailable> =>
  Effect.suspend(() => {
    const bytes = new Uint8Array(asset.size)
    let filled = 0
    return asset.stream.pipe(
      Stream.runForEach((chunk) => {
        if (filled + chunk.byteLength > asset.size) {
          return Effect.fail(lengthMismatch(asset.size, filled + chunk.byteLength))
        }
        bytes.set(chunk, filled)
        filled += chunk.byteLength
        return Effect.void
      }),
      Effect.flatMap(() =>
        filled === asset.size
          ? Effect.succeed({ bytes, contentType: asset.contentType })
          : Effect.fail(lengthMismatch(asset.size, filled))
      )
    )
  })
