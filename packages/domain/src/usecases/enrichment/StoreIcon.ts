/**
 * Enrichment step: the site's icon, fetched once through the guarded fetcher, made a 64 px WebP and kept in our asset
 * store (served by us with a year of caching): a person's browser never asks the saved site for it.
 */
import { Effect, Option } from "effect"
import type { AccountId, AssetId } from "../../Ids.js"
import { ImageProcessor } from "../../ports/ImageProcessor.js"
import { PageFetcher } from "../../ports/PageFetcher.js"
import { storeAsset } from "./StoreAsset.js"

export const iconSize = 64

const iconLimits = { maxBytes: 256 * 1024, totalTimeout: 5_000 } as const

export const storeIcon = Effect.fn("StoreIcon")(function*(owner: AccountId, faviconUrl: string) {
  const processor = yield* Effect.serviceOption(ImageProcessor)
  if (Option.isNone(processor) || faviconUrl === "") return Option.none<AssetId>()
  const answer = yield* Effect.result((yield* PageFetcher).fetch(faviconUrl, iconLimits))
  if (answer._tag === "Failure") return Option.none<AssetId>()
  const { body, status, truncated } = answer.success
  if (status < 200 || status > 299 || truncated) return Option.none<AssetId>()
  const icon = yield* processor.value.icon(body, iconSize)
  return Option.isSome(icon) ? yield* storeAsset(owner, icon.value) : Option.none<AssetId>()
})
