/**
 * Enrichment helper: keep bytes in the asset store under a fresh, unguessable id (docs/decisions.md, "Asset links").
 */
import { Effect, Option } from "effect"
import { type AccountId, AssetId } from "../../Ids.js"
import { type Asset, AssetStore } from "../../ports/AssetStore.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { toHex } from "../../Sha256.js"
import { countStored } from "../assets/AccountStorage.js"

/**
 * The stored asset's id, counted in the storage `owner` uses; none when the store failed (the bookmark goes on
 * without it).
 */
export const storeAsset = Effect.fn("StoreAsset")(function*(owner: AccountId, asset: Asset) {
  const assetId = AssetId.make(toHex(yield* (yield* IdGenerator).bytes(16)))
  const stored = yield* Effect.result((yield* AssetStore).put(assetId, asset))
  if (stored._tag === "Failure") return Option.none<AssetId>()
  yield* countStored(owner, assetId, asset.bytes.byteLength)
  return Option.some(assetId)
})
