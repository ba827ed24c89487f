/**
 * The other team's adapter: the library's AssetStore port over their object storage (an S3-like bucket client with a
 * Promise API). `test/BucketAssetStore.test.ts` holds it to the port's contract suite from the testkit.
 */
import { type Asset, AssetId, AssetStore, AssetStreams, Errors } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema, Stream } from "effect"

/** The part of their storage client the adapter uses. */
export interface Bucket {
  /** Writes the object unless the key exists; false when it did. */
  readonly putIfAbsent: (key: string, body: Uint8Array, contentType: string) => Promise<boolean>
  readonly get: (key: string) => Promise<{ readonly body: Uint8Array; readonly contentType: string } | undefined>
  /** Removes the object; a missing key is no error. */
  readonly remove: (key: string) => Promise<void>
  /** Keys that start with `prefix`, in ascending order. */
  readonly keys: (prefix: string) => Promise<ReadonlyArray<string>>
}

const isAssetId = Schema.is(AssetId)

const unavailable = (error: unknown) => new Errors.StorageUnavailable({ reason: `bucket: ${String(error)}` })

export const layer = (bucket: Bucket, prefix = "screenshots/") => {
  const put = (id: AssetId, asset: Asset) =>
    Effect.asVoid(Effect.tryPromise({
      try: () => bucket.putIfAbsent(prefix + id, asset.bytes, asset.contentType),
      catch: unavailable
    }))
  const get = (id: AssetId) =>
    Effect.map(
      Effect.tryPromise({
        try: () => bucket.get(prefix + id),
        catch: unavailable
      }),
      (object): Option.Option<Asset> =>
        Option.map(Option.fromNullishOr(object), (o) => ({ bytes: o.body, contentType: o.contentType }))
    )
  return Layer.succeed(
    AssetStore,
    AssetStore.of({
      put,
      get,
      // Their client takes whole bodies: the streamed forms go through one buffer.
      putStream: (id, asset) => Effect.flatMap(AssetStreams.collect(asset), (whole) => put(id, whole)),
      getStream: (id) => Effect.map(get(id), Option.map(AssetStreams.fromAsset)),
      list: (after) =>
        Stream.fromIterableEffect(Effect.tryPromise({ try: () => bucket.keys(prefix), catch: unavailable })).pipe(
          Stream.map((key) => key.slice(prefix.length)),
          Stream.filter((id): id is AssetId => isAssetId(id) && (Option.isNone(after) || id > after.value))
        ),
      delete: (id) => Effect.tryPromise({ try: () => bucket.remove(prefix + id), catch: unavailable })
    })
  )
}
