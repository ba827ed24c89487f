/** In-memory asset store. */
import { AssetStore, type Asset } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"

export const make = () => {
  const assets = new Map<string, Asset>()
  return AssetStore.of({
    put: (id, asset) => Effect.sync(() => void assets.set(id, asset)),
    get: (id) => Effect.sync(() => Option.fromNullable(assets.get(id)))
  })
}

export const layer = Layer.sync(AssetStore, make)
