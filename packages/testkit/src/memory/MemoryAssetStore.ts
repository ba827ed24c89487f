/** In-memory asset store: immutable assets (the first `put` of an id wins), kept and handed out as copies. */
import { type Asset, type AssetId, AssetStore, AssetStreams } from "@bookmark-library/domain"
import { Effect, Layer, Option, Stream } from "effect"

export const make = () => {
  const assets = new Map<AssetId, Asset>()
  const put = (id: AssetId, asset: Asset) =>
    Effect.sync(() => {
      if (!assets.has(id)) assets.set(id, { bytes: Uint8Array.from(asset.bytes), contentType: asset.contentType })
    })
  const get = (id: AssetId) =>
    Effect.sync(() =>
      Option.map(
        Option.fromNullishOr(assets.get(id)),
        (a) => ({ bytes: Uint8Array.from(a.bytes), contentType: a.contentType })
      )
    )
  return AssetStore.of({
    put,
    get,
    putStream: (id, asset) => Effect.flatMap(AssetStreams.collect(asset), (whole) => put(id, whole)),
    getStream: (id) => Effect.map(get(id), Option.map(AssetStreams.fromAsset)),
    list: (after) =>
      Stream.suspend(() =>
        Stream.fromIterable([...assets.keys()].filter((id) => Option.isNone(after) || id > after.value).sort())
      ),
    delete: (id) => Effect.sync(() => void assets.delete(id))
  })
}

export const layer = Layer.sync(AssetStore, make)
