/**
 * Enrichment step: the card's picture (docs/web.md, "Cards"). An image bookmark shows itself; else the page's
 * preview image (og:image, twitter:image, JSON-LD, first large content image), fetched through the same guarded
 * fetcher as the page; else the first screen of the screenshot. Made small (WebP, at most 15 KB) and kept in our
 * asset store, so a person's browser never contacts the saved site. Without an `ImageProcessor`, nothing.
 */
import { Effect, Option } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import type { AccountId, AssetId } from "../../Ids.js"
import { type Box, ImageProcessor } from "../../ports/ImageProcessor.js"
import { type FetchedPage, PageFetcher } from "../../ports/PageFetcher.js"
import { storeAsset } from "./StoreAsset.js"

/** 480×270 fills a grid card at 2× density on phones and 1.5× on desktops; 15 KB is the budget per card. */
export const cardBox: Omit<Box, "anchor"> = { width: 480, height: 270, maxBytes: 15 * 1024 }

/** A preview image is a side request: bounded in bytes and time so it cannot eat the attempt's budget. */
const imageLimits = { maxBytes: 6 * 1024 * 1024, totalTimeout: 8_000 } as const

const fetchImage = (url: string) =>
  Effect.gen(function*() {
    const answer = yield* Effect.result((yield* PageFetcher).fetch(url, imageLimits))
    if (answer._tag === "Failure") return Option.none<Uint8Array>()
    const { body, status, truncated } = answer.success
    return status >= 200 && status <= 299 && !truncated ? Option.some(body) : Option.none<Uint8Array>()
  })

export const storeCardPicture = Effect.fn("StoreCardPicture")(function*(
  owner: AccountId,
  page: FetchedPage,
  derived: Bookmark.Derived,
  screenshot: Option.Option<Uint8Array>
) {
  const processor = yield* Effect.serviceOption(ImageProcessor)
  if (Option.isNone(processor)) return Option.none<AssetId>()
  const thumbnail = (bytes: Uint8Array, anchor: Box["anchor"]) =>
    processor.value.thumbnail(bytes, { ...cardBox, anchor })
  let picture = Option.none<{ readonly bytes: Uint8Array; readonly contentType: string }>()
  if (derived.type === "image" && !page.truncated) picture = yield* thumbnail(page.body, "centre")
  else if (derived.image !== "" && derived.image !== page.url) {
    const image = yield* fetchImage(derived.image)
    if (Option.isSome(image)) picture = yield* thumbnail(image.value, "centre")
  }
  if (Option.isNone(picture) && Option.isSome(screenshot)) picture = yield* thumbnail(screenshot.value, "top")
  return Option.isSome(picture) ? yield* storeAsset(owner, picture.value) : Option.none<AssetId>()
})
