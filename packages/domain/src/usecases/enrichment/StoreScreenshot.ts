/** Enrichment step: keep a screenshot in the asset store under a fresh id (docs/decisions.md, "Asset links"). */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import { storeAsset } from "./StoreAsset.js"

/** The stored screenshot's id; none when the store failed (the bookmark goes on without a screenshot). */
export const storeScreenshot = Effect.fn("StoreScreenshot")(function*(owner: AccountId, jpeg: Uint8Array) {
  return yield* storeAsset(owner, { bytes: jpeg, contentType: "image/jpeg" })
})
