/**
 * StoreCardPicture: the image bookmark itself, else the preview image (fetched through the PageFetcher), else the top
 * of the screenshot; kept as the processor's small picture; nothing without an ImageProcessor.
 */
import {
  AccountId,
  type AssetId,
  AssetStore,
  AssetUsage,
  Bookmark,
  type FetchedPage,
  FetchFailed,
  ImageProcessor,
  PageFetcher
} from "@bookmark-library/domain"
import { MemoryAssetStore, MemoryAssetUsage, MemoryIdGenerator } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { storeCardPicture } from "../../../src/usecases/enrichment/StoreCardPicture.js"
import { storeIcon } from "../../../src/usecases/enrichment/StoreIcon.js"

const owner = AccountId.make("acc_owner")
const bytes = (text: string) => new TextEncoder().encode(text)
const page = (url: string, body = "<html>", type = "text/html"): FetchedPage => ({
  url,
  status: 200,
  contentType: type,
  body: bytes(body),
  truncated: false
})

const world = (served: Record<string, FetchedPage | FetchFailed>) => {
  const fetched: Array<string> = []
  const made: Array<{ readonly from: string; readonly anchor: string }> = []
  const fetcher = Layer.succeed(PageFetcher, {
    fetch: (url) => {
      fetched.push(url)
      const answer = served[url] ?? new FetchFailed({ reason: "notfound", detail: url })
      return answer instanceof FetchFailed ? Effect.fail(answer) : Effect.succeed(answer)
    }
  })
  // Decodes only bytes that say "picture"; answers a WebP made of what it was given.
  const processor = Layer.succeed(ImageProcessor, {
    thumbnail: (input, box) => {
      const from = new TextDecoder().decode(input)
      if (!from.startsWith("picture")) return Effect.succeed(Option.none())
      made.push({ from, anchor: box.anchor })
      return Effect.succeed(Option.some({ bytes: bytes(`webp of ${from}`), contentType: "image/webp" }))
    },
    icon: (input) =>
      Effect.succeed(
        new TextDecoder().decode(input).startsWith("picture")
          ? Option.some({ bytes: bytes("icon"), contentType: "image/webp" })
          : Option.none()
      )
  })
  const layer = Layer.mergeAll(
    fetcher,
    processor,
    MemoryAssetStore.layer,
    MemoryAssetUsage.layer,
    MemoryIdGenerator.layer(3)
  )
  return { fetched, made, layer }
}

const storedText = (id: Option.Option<AssetId>) =>
  Effect.gen(function*() {
    const asset = yield* (yield* AssetStore).get(Option.getOrThrow(id))
    return new TextDecoder().decode(Option.getOrThrow(asset).bytes)
  })

describe("storeCardPicture", () => {
  it.effect("an image bookmark is its own picture, with nothing more fetched", () => {
    const { fetched, layer, made } = world({})
    return Effect.gen(function*() {
      const photo = page("https://example.com/a.jpg", "picture of a cat", "image/jpeg")
      const id = yield* storeCardPicture(
        owner,
        photo,
        { ...Bookmark.emptyDerived, type: "image", image: photo.url },
        Option.none()
      )
      expect(yield* storedText(id)).toBe("webp of picture of a cat")
      expect(made).toEqual([{ from: "picture of a cat", anchor: "centre" }])
      expect(fetched).toEqual([])
    }).pipe(Effect.provide(layer))
  })

  it.effect("the preview image is fetched through the PageFetcher and kept small", () => {
    const { fetched, layer } = world({ "https://cdn.example/og.jpg": page("https://cdn.example/og.jpg", "picture og") })
    return Effect.gen(function*() {
      const id = yield* storeCardPicture(
        owner,
        page("https://example.com/"),
        { ...Bookmark.emptyDerived, image: "https://cdn.example/og.jpg" },
        Option.some(bytes("picture screenshot"))
      )
      expect(yield* storedText(id)).toBe("webp of picture og")
      expect(fetched).toEqual(["https://cdn.example/og.jpg"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a preview image that fails or is no image falls back to the top of the screenshot", () => {
    const { layer, made } = world({
      "https://example.com/broken.jpg": page("https://example.com/broken.jpg", "<html>")
    })
    return Effect.gen(function*() {
      for (const image of ["https://example.com/broken.jpg", "https://example.com/missing.jpg"]) {
        const id = yield* storeCardPicture(
          owner,
          page("https://example.com/"),
          { ...Bookmark.emptyDerived, image },
          Option.some(bytes("picture screenshot"))
        )
        expect(yield* storedText(id)).toBe("webp of picture screenshot")
      }
      expect(made.map((m) => m.anchor)).toEqual(["top", "top"])
      // Nothing at all: no picture (the card shows a placeholder).
      expect(yield* storeCardPicture(owner, page("https://example.com/"), Bookmark.emptyDerived, Option.none()))
        .toEqual(
          Option.none()
        )
    }).pipe(Effect.provide(layer))
  })

  it.effect("without an ImageProcessor nothing is fetched or stored", () => {
    const { fetched } = world({})
    return Effect.gen(function*() {
      const fetcher = Layer.succeed(PageFetcher, {
        fetch: (url) => Effect.sync(() => fetched.push(url)).pipe(Effect.as(page(url)))
      })
      const none = yield* storeCardPicture(
        owner,
        page("https://example.com/"),
        { ...Bookmark.emptyDerived, image: "https://example.com/og.jpg" },
        Option.none()
      ).pipe(
        Effect.provide(
          Layer.mergeAll(fetcher, MemoryAssetStore.layer, MemoryAssetUsage.layer, MemoryIdGenerator.layer(3))
        )
      )
      expect(none).toEqual(Option.none())
      expect(fetched).toEqual([])
    })
  })

  it.effect("the icon is fetched once and stored small; a failed or non-image icon is none", () => {
    const { fetched, layer } = world({
      "https://example.com/icon.png": page("https://example.com/icon.png", "picture")
    })
    return Effect.gen(function*() {
      expect(yield* storedText(yield* storeIcon(owner, "https://example.com/icon.png"))).toBe("icon")
      expect(yield* storeIcon(owner, "https://example.com/favicon.ico")).toEqual(Option.none())
      expect(yield* storeIcon(owner, "")).toEqual(Option.none())
      expect(fetched).toEqual(["https://example.com/icon.png", "https://example.com/favicon.ico"])
      // The stored icon counts for its account ("icon": 4 bytes), the ones not stored do not.
      expect(yield* (yield* AssetUsage).used(owner)).toBe(4)
    }).pipe(Effect.provide(layer))
  })
})
