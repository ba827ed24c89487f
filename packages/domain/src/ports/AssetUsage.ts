/**
 * Port: the bytes each account keeps in the asset store (docs/preservation.md, "Storage used"). A maintained
 * count, changed when an asset is stored or deleted, so a usage report reads one number instead of sizing every
 * asset. Each counted asset is remembered with its owner and size, so deleting it takes off exactly what it added,
 * once, and an asset that was never counted (an imported reference to another account's screenshot, one stored
 * before counting began) takes off nothing.
 */
import { Context } from "effect"
import type { AccountId, AssetId } from "../Ids.js"
import type { Storage } from "./Storage.js"

export class AssetUsage extends Context.Service<AssetUsage, {
  /** Counts a stored asset for its account; an asset already counted is not counted again. */
  readonly stored: (asset: AssetId, accountId: AccountId, bytes: number) => Storage<void>
  /** Takes a deleted asset off its account's count; nothing when it was not counted. */
  readonly deleted: (asset: AssetId) => Storage<void>
  /** The account's count: bytes of the assets counted and not deleted (0 for none). */
  readonly used: (accountId: AccountId) => Storage<number>
}>()("AssetUsage") {}
