/**
 * The storage an account uses (docs/preservation.md, "Storage used"): every asset stored for a bookmark is counted
 * for its account, and taken off when it is deleted. Counting is bookkeeping: a count that fails is logged and
 * never fails the save, the enrichment or the deletion it follows.
 */
import { Effect } from "effect"
import type { AccountId, AssetId } from "../../Ids.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { AssetUsage } from "../../ports/AssetUsage.js"

const logged = (what: string, asset: AssetId) => <R>(effect: Effect.Effect<void, unknown, R>) =>
  effect.pipe(
    Effect.catchCause((cause) =>
      Effect.logWarning(`storage count not ${what}`).pipe(Effect.annotateLogs({ asset, cause: String(cause) }))
    )
  )

/** Counts an asset just stored for `accountId`. */
export const countStored = (accountId: AccountId, asset: AssetId, bytes: number) =>
  Effect.flatMap(AssetUsage, (usage) => usage.stored(asset, accountId, bytes)).pipe(logged("raised", asset))

/** Deletes an asset and takes it off its account's count (after the bytes are gone, so a failed delete counts on). */
export const deleteAsset = Effect.fn("DeleteAsset")(function*(asset: AssetId) {
  yield* (yield* AssetStore).delete(asset)
  yield* Effect.flatMap(AssetUsage, (usage) => usage.deleted(asset)).pipe(logged("lowered", asset))
})
