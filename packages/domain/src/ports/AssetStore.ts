/**
 * Port: asset bytes (screenshots, favicons, copies) by capability id. Storage knows ids only; links are built by
 * `Links`. Large assets move as streams of known length, never whole in memory (docs/preservation.md, "Object storage").
 */
import { Context, type Option, type Stream } from "effect"
import type { StorageUnavailable } from "../Errors.js"
import type { AssetId } from "../Ids.js"
import type { Storage } from "./Storage.js"

export interface Asset {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/** An asset as a stream of `size` bytes. */
export interface AssetStream {
  readonly contentType: string
  readonly size: number
  readonly stream: Stream.Stream<Uint8Array, StorageUnavailable>
}

export class AssetStore extends Context.Service<AssetStore, {
  /** Stores an asset; assets are immutable, so a second `put` of an id keeps the first bytes. */
  readonly put: (id: AssetId, asset: Asset) => Storage<void>
  readonly get: (id: AssetId) => Storage<Option.Option<Asset>>
  /**
   * Stores an asset from a stream without holding it whole, immutable as `put`. A stream that ends short of
   * `size` or runs past it stores nothing and fails.
   */
  readonly putStream: (id: AssetId, asset: AssetStream) => Storage<void>
  /** The asset as a stream; reading it fails with `StorageUnavailable` when the store does mid-way. */
  readonly getStream: (id: AssetId) => Storage<Option.Option<AssetStream>>
  /** Every stored id in ascending order, after `after` when given: a listing that can resume where it stopped. */
  readonly list: (after: Option.Option<AssetId>) => Stream.Stream<AssetId, StorageUnavailable>
  /** Removes the asset; nothing when it does not exist. */
  readonly delete: (id: AssetId) => Storage<void>
}>()("AssetStore") {}
