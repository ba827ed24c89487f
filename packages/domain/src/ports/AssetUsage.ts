/**
 * Port: the bytes each account keeps in the asset store (docs/preservation.md, "Storage used"). A maintained
 * count, changed when an asset is stored or deleted, so a usage report reads one number instead of sizing every
 * asset. Each counted asset is remembered with its owner and size, so deleting it takes off exactly what it added,
 * once, and an asset that was never counted (an imported reference to another account's screenshot, one stored
 * before counting began) takes off nothing. `recount` settles an account's count against the store (docs/preservation.md,
 * "Recount").
 */
import { Context } from "effect"
import type { AccountId, AssetId } from "../Ids.js"
import type { Storage } from "./Storage.js"

/** An asset and its size in the store. */
export interface SizedAsset {
  readonly asset: AssetId
  readonly bytes: number
}

/** What a recount found for one account; assets it did not look at are left as they are. */
export interface StorageRecount {
  /** Stored assets not counted when the recount looked: counted for the account unless another account counts them. */
  readonly add: ReadonlyArray<SizedAsset>
  /** Stored assets the account counts: their size becomes the stored size. */
  readonly resize: ReadonlyArray<SizedAsset>
  /** Assets the account counts that are no longer stored: taken off. */
  readonly remove: ReadonlyArray<AssetId>
}

export class AssetUsage extends Context.Service<AssetUsage, {
  /** Counts a stored asset for its account; an asset already counted is not counted again. */
  readonly stored: (asset: AssetId, accountId: AccountId, bytes: number) => Storage<void>
  /** Takes a deleted asset off its account's count; nothing when it was not counted. */
  readonly deleted: (asset: AssetId) => Storage<void>
  /** The account's count: bytes of the assets counted and not deleted (0 for none). */
  readonly used: (accountId: AccountId) => Storage<number>
  /** The assets counted for the account, in no particular order. */
  readonly counted: (accountId: AccountId) => Storage<ReadonlyArray<AssetId>>
  /**
   * Applies a recount's findings, then makes the account's count the sum of its counted assets, atomically with
   * respect to `stored` and `deleted` running meanwhile; the new count.
   */
  readonly recount: (accountId: AccountId, found: StorageRecount) => Storage<number>
}>()("AssetUsage") {}
