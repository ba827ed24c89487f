/** In-memory asset store: immutable assets (the first `put` of an id wins), kept and handed out as copies. */
import { AssetStore, type Asset } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"

export const make = () => {
  const assets = new Map<string, Asset>()
  return AssetStore.of({
    put: (id, asset) =>
      Effect.sync(() => {
        if (!assets.has(id)) assets.set(id, { bytes: Uint8Array.from(asset.bytes), contentType: asset.contentType })
      }),
    get: (id) =>
      Effect.sync(() =>
        Option.map(Option.fromNullable(assets.get(id)), (a) => ({ bytes: Uint8Array.from(a.bytes), contentType: a.contentType }))
      ),
    delete: (id) => Effect.sync(() => void assets.delete(id))
  })
}

export const layer = Layer.sync(AssetStore, make)
