/**
 * How answers name the service's own resources. Storage keeps asset ids; the links in API answers and webhook
 * bodies are built from them when a bookmark is presented, by the HTTP layer's implementation of this service
 * (the composition root provides it from PUBLIC_URL). See docs/decisions.md, "Asset links".
 */
import { Context, Schema } from "effect"
import { AssetId } from "../Ids.js"

export class Links extends Context.Service<Links, {
  /** The absolute URL an asset is served at. */
  readonly asset: (id: AssetId) => string
  /**
   * A short-lived signed link that opens an archived copy where it cannot reach the app (docs/preservation.md,
   * "Opening a copy safely"); absent where no archive origin is configured (tests of other things).
   */
  readonly archive?: ((id: AssetId) => string) | undefined
}>()("Links") {}

const isAssetId = Schema.is(AssetId)

/** The link of a stored screenshot reference: "" when there is none (or it is not an asset id). */
export const screenshot = (
  links: Links["Service"],
  stored: string
): string => (isAssetId(stored) ? links.asset(stored) : "")

/** The viewing link of an archived copy's asset: "" when there is none or no archive link is configured. */
export const archive = (links: Links["Service"], stored: string): string =>
  isAssetId(stored) && links.archive !== undefined ? links.archive(stored) : ""

/**
 * The asset id a screenshot reference names: the id itself, or the id at the end of an absolute link as stored
 * before storage kept ids (migration 0002 reads links the same way); "" when it names none.
 */
export const assetIdIn = (value: string): string => {
  if (isAssetId(value)) return value
  const id = /\/assets\/([0-9a-f]{32})$/.exec(value)?.[1]
  return id === undefined ? "" : id
}
