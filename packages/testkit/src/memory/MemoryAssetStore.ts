/** In-memory asset store. */
import { AssetStore, type Asset } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"

export const make = (baseUrl = "http://127.0.0.1:3000") => {
  const assets = new Map<string, Asset>()
  return AssetStore.of({
    put: (id, asset) => Effect.sync(() => void assets.set(id, asset)),
    get: (id) => Effect.sync(() => Option.fromNullable(assets.get(id))),
    delete: (id) => Effect.sync(() => void assets.delete(id)),
    url: (id) => `${baseUrl}/v1/api/assets/${id}`
  })
}

export const layer = (baseUrl?: string) => Layer.sync(AssetStore, () => make(baseUrl))
