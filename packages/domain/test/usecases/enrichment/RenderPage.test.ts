/** RenderPage: which pages a browser renders, and what the rendered document adds to the static one. */
import { Bookmark, type Extracted } from "@bookmark-library/domain"
import { FakePageExtractor, FakePageFetcher, FakePageRenderer } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import type { Progress } from "../../../src/usecases/enrichment/Progress.js"
import { extractRendered, renderPage, withRendered } from "../../../src/usecases/enrichment/RenderPage.js"

const url = "https://example.com/app"
const page = FakePageFetcher.html(url, "<title>Loading…</title>")
const website: Extracted = {
  type: "website",
  title: "",
  description: "",
  image: "",
  favicon: "",
  text: "",
  challenge: false
}

const withBrowser = (available: boolean) => {
  const renderer = FakePageRenderer.make(available)
  renderer.script(url, "<title>The App</title><p>Rendered text.</p>")
  return { renderer, layer: Layer.merge(renderer.layer, FakePageExtractor.layer) }
}

describe("renderPage", () => {
  it.effect("renders an HTML page when a browser is available", () =>
    Effect.gen(function*() {
      const { layer, renderer } = withBrowser(true)
      const rendered = yield* renderPage(page, website).pipe(Effect.provide(layer))
      expect(Option.map(rendered, (r) => r.html)).toEqual(Option.some("<title>The App</title><p>Rendered text.</p>"))
      expect(renderer.calls).toEqual([url])
    }))

  it.effect("asks no browser without one, for a page that is not HTML, a bot challenge, or a page cut at the fetch cap", () =>
    Effect.gen(function*() {
      const cases = [
        [false, page, website],
        [true, page, { ...website, type: "image" }],
        [true, page, { ...website, type: "pdf" }],
        [true, page, { ...website, challenge: true }],
        [true, { ...page, truncated: true }, website]
      ] as const
      for (const [available, fetched, extracted] of cases) {
        const { layer, renderer } = withBrowser(available)
        expect(yield* renderPage(fetched, extracted).pipe(Effect.provide(layer))).toEqual(Option.none())
        expect(renderer.calls).toEqual([])
      }
    }))

  it.effect("a rendering that fails gives none: the bookmark goes on without a screenshot", () =>
    Effect.gen(function*() {
      const renderer = FakePageRenderer.make(true)
      const other = FakePageFetcher.html("https://example.com/unscripted", "<title>x</title>")
      expect(yield* renderPage(other, website).pipe(Effect.provide(renderer.layer))).toEqual(Option.none())
    }))

  it.effect("the rendered document is read as HTML; a challenge in its place is not the page", () =>
    Effect.gen(function*() {
      const read = (html: string) => extractRendered(page, html).pipe(Effect.provide(FakePageExtractor.layer))
      expect(Option.map(yield* read("<title>The App</title>"), (e) => e.title)).toEqual(Option.some("The App"))
      expect(yield* read("<title>Just a moment...</title>")).toEqual(Option.none())
    }))
})

describe("withRendered", () => {
  const staticPage: Progress = {
    derived: { ...Bookmark.emptyDerived, type: "article", title: "Static title", description: "Static description" },
    pageText: "x".repeat(100),
    pageMarkdown: "# Static",
    news: true,
    error: "",
    transient: false
  }

  it("the rendered metadata and text win; the static values fill the gaps; an article stays an article", () => {
    const rendered = { ...website, title: "Rendered title", text: "y".repeat(50), markdown: "# Rendered" }
    expect(withRendered(staticPage, rendered)).toEqual({
      ...staticPage,
      derived: { ...staticPage.derived, title: "Rendered title", type: "article" },
      pageText: "y".repeat(50),
      pageMarkdown: "# Rendered"
    })
  })

  it("a script that took most of the text away leaves the static text; news stays news", () => {
    const rendered = { ...website, type: "article" as const, text: "y".repeat(49), news: false }
    const after = withRendered({ ...staticPage, derived: { ...staticPage.derived, type: "website" } }, rendered)
    expect(after.pageText).toBe("x".repeat(100))
    // The Markdown follows the text it was read with.
    expect(after.pageMarkdown).toBe("# Static")
    expect(after.derived.type).toBe("article")
    expect(after.news).toBe(true)
  })
})
