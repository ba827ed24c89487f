/** FindFavicon: `/favicon.ico` of the page's origin, kept only when it answers with an image. */
import { FakePageExtractor, FakePageFetcher } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { conventionalFavicon, findFavicon } from "../../../src/usecases/enrichment/FindFavicon.js"

const icon = "https://example.com/favicon.ico"

const found = (script?: FakePageFetcher.Script) => {
  const fetcher = FakePageFetcher.make()
  if (script !== undefined) fetcher.script(icon, script)
  return findFavicon("https://example.com/deep/page?q=1").pipe(
    Effect.provide(Layer.merge(fetcher.layer, FakePageExtractor.layer))
  )
}

describe("findFavicon", () => {
  it("guesses /favicon.ico of an http or https page's origin, and nothing for another scheme", () => {
    expect(conventionalFavicon("https://example.com/deep/page?q=1")).toBe(icon)
    expect(conventionalFavicon("http://example.com:8080/x")).toBe("http://example.com:8080/favicon.ico")
    expect(conventionalFavicon("ftp://example.com/x")).toBe("")
    expect(conventionalFavicon("not a url")).toBe("")
  })

  it.effect("keeps the guess when it answers 2xx with an image; a 404, an HTML page or no answer is no favicon", () =>
    Effect.gen(function*() {
      const image = {
        url: icon,
        status: 200,
        contentType: "image/x-icon",
        body: new Uint8Array([0, 0, 1, 0]),
        truncated: false
      }
      expect(yield* found(image)).toBe(icon)
      expect(yield* found({ ...image, status: 404 })).toBe("")
      expect(yield* found(FakePageFetcher.html(icon, "<title>Not an icon</title>"))).toBe("")
      expect(yield* found()).toBe("")
    }))
})
