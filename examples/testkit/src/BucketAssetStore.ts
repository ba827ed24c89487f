/**
 * The other team's adapter: the library's AssetStore port over their object storage (an S3-like bucket client with a
 * Promise API). `test/BucketAssetStore.test.ts` holds it to the port's contract suite from the testkit.
 */
import { type Asset, AssetStore, Errors } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"

/** The part of their storage client the adapter uses. */
export interface Bucket {
  /** Writes the object unless the key exists; false when it did. */
  readonly putIfAbsent: (key: string, body: Uint8Array, contentType: string) => Promise<boolean>
  readonly get: (key: string) => Promise<{ readonly body: Uint8Array; readonly contentType: string } | undefined>
  /** Removes the object; a missing key is no error. */
  readonly remove: (key: string) => Promise<void>
}

const unavailable = (error: unknown) => new Errors.StorageUnavailable({ reason: `bucket: ${String(error)}` })

export const layer = (bucket: Bucket, prefix = "screenshots/") =>
  Layer.succeed(
    AssetStore,
    AssetStore.of({
      put: (id, asset) =>
        Effect.asVoid(Effect.tryPromise({ try: () => bucket.putIfAbsent(prefix + id, asset.bytes, asset.contentType), catch: unavailable })),
      get: (id) =>
        Effect.map(
          Effect.tryPromise({ try: () => bucket.get(prefix + id), catch: unavailable }),
          (object): Option.Option<Asset> => Option.map(Option.fromNullable(object), (o) => ({ bytes: o.body, contentType: o.contentType }))
        ),
      delete: (id) => Effect.tryPromise({ try: () => bucket.remove(prefix + id), catch: unavailable })
    })
  )
