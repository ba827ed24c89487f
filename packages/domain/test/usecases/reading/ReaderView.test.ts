/**
 * The reader view (docs/reading.md): derived from the archived copy at enrichment and kept beside it (manifest and
 * images), its images named by our asset links, read from the cache afterwards, removed with the bookmark; the
 * text kept at enrichment without a Markup service; no reader view for an image; a note escaped without one.
 */
import {
  AssetStore,
  Bookmark,
  Bookmarks,
  deleteBookmark,
  Markup,
  ReaderCache,
  readerView,
  readingMinutes,
  refreshBookmark,
  renderNote,
  withoutTitle
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { inWorld, page, runDueJobs } from "../../support/World.js"

const pixel = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1])

/** A Markup that reads every page as one paragraph and one image, counting how often it is asked. */
const fakeMarkup = () => {
  const calls: Array<string> = []
  const service = Markup.of({
    sanitize: (html) => html,
    note: (markdown) => `<p>md:${markdown}</p>`,
    readable: (html, url) => {
      calls.push(url)
      return html.includes("<p>")
        ? Option.some({
          html: `<p>Readable</p><img data-reader-image="0" alt="A dot">`,
          images: [
            { bytes: pixel, contentType: "image/png" }
          ],
          words: 460
        })
        : Option.none()
    }
  })
  return { calls, service }
}

const saved = (url: string, html: string) =>
  Effect.gen(function*() {
    const { principal } = yield* Fixtures.accountWithKey()
    const ack = yield* Fixtures.save(principal, { url })
    return { accountId: principal.account.id, id: ack.id, html }
  })

describe("readerView", () => {
  it.effect("derives the article from the copy at enrichment, serves its images from our store, then reads the cache", () => {
    const markup = fakeMarkup()
    return inWorld((world) =>
      Effect.gen(function*() {
        const url = "https://example.com/story"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Story")))
        world.renderer.script(url, page("Story"))
        const { accountId, id } = yield* saved(url, "")
        yield* runDueJobs
        expect(markup.calls).toEqual([url])
        const view = yield* readerView(accountId, id)
        expect(view.source).toBe("copy")
        expect(view.words).toBe(460)
        expect(readingMinutes(view.words)).toBe(2)
        const src = /<img src="([^"]+)" alt="A dot">/.exec(view.html)?.[1] ?? ""
        const imageId = src.split("/").pop() ?? ""
        expect(imageId).toMatch(/^[0-9a-f]{32}$/)
        const image = yield* (yield* AssetStore).get(imageId as never)
        expect(Option.map(image, (i) => i.contentType)).toEqual(Option.some("image/png"))
        yield* readerView(accountId, id)
        expect(markup.calls).toHaveLength(1)

        const record = Option.getOrThrow(yield* (yield* Bookmarks).get(id))
        const copy = Bookmark.copyAsset(record)
        if (copy === undefined) throw new Error("no copy")
        expect(Option.isSome(yield* ReaderCache.load(copy))).toBe(true)
        yield* deleteBookmark(accountId, id)
        expect(Option.isNone(yield* ReaderCache.load(copy))).toBe(true)
        expect(Option.isNone(yield* (yield* AssetStore).get(imageId as never))).toBe(true)
      }).pipe(Effect.provideService(Markup, markup.service))
    )
  })

  it.effect("a refresh's new copy gets its own reader view and the previous one goes with the previous copy", () => {
    const markup = fakeMarkup()
    return inWorld((world) =>
      Effect.gen(function*() {
        const url = "https://example.com/refreshed"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Refreshed")))
        world.renderer.script(url, page("Refreshed"))
        const { accountId, id } = yield* saved(url, "")
        yield* runDueJobs
        const copyOf = Effect.map((yield* Bookmarks).get(id), (r) => Bookmark.copyAsset(Option.getOrThrow(r)))
        const first = yield* copyOf
        if (first === undefined) throw new Error("no copy")
        expect(Option.isSome(yield* ReaderCache.load(first))).toBe(true)
        yield* refreshBookmark(accountId, id)
        yield* runDueJobs
        const second = yield* copyOf
        if (second === undefined) throw new Error("no copy after the refresh")
        expect(second).not.toBe(first)
        expect(Option.isNone(yield* ReaderCache.load(first))).toBe(true)
        expect(Option.isSome(yield* ReaderCache.load(second))).toBe(true)
        expect(markup.calls).toEqual([url, url])
      }).pipe(Effect.provideService(Markup, markup.service))
    )
  })

  it.effect("derives on first view a copy taken before (no manifest yet), once", () => {
    const markup = fakeMarkup()
    return inWorld((world) =>
      Effect.gen(function*() {
        const url = "https://example.com/older"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Older")))
        world.renderer.script(url, page("Older"))
        const { accountId, id } = yield* saved(url, "")
        yield* runDueJobs
        const record = Option.getOrThrow(yield* (yield* Bookmarks).get(id))
        yield* ReaderCache.forget(Bookmark.copyAsset(record) as never)
        const view = yield* readerView(accountId, id).pipe(Effect.provideService(Markup, markup.service))
        expect(view.source).toBe("copy")
        yield* readerView(accountId, id).pipe(Effect.provideService(Markup, markup.service))
        expect(markup.calls).toEqual([url])
      })
    )
  })

  it.effect("shows the text kept at enrichment, escaped, when there is no reader of copies", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const url = "https://example.com/plain"
        const text = "Fish & chips \"by the sea\" at the harbour."
        world.fetcher.script(url, FakePageFetcher.html(url, page("Plain", "", text)))
        world.renderer.script(url, page("Plain", "", text))
        const { accountId, id } = yield* saved(url, "")
        yield* runDueJobs
        const view = yield* readerView(accountId, id)
        expect(view.source).toBe("text")
        expect(view.html).toContain("Fish &amp; chips &#34;by the sea&#34; at the harbour.")
        expect(view.html.startsWith("<p>")).toBe(true)
      })
    ))

  it.effect("offers nothing to read for an image", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const url = "https://example.com/harbour.png"
        world.fetcher.script(url, { url, status: 200, contentType: "image/png", body: pixel, truncated: false })
        const { accountId, id } = yield* saved(url, "")
        yield* runDueJobs
        const view = yield* readerView(accountId, id)
        expect(view.source).toBe("none")
        expect(view.html).toBe("")
      })
    ))
})

describe("renderNote", () => {
  it.effect("uses the Markup service, else escapes the note with its line breaks", () =>
    Effect.gen(function*() {
      expect(yield* renderNote("a <i>b</i>\nc")).toBe("<p>a &lt;i&gt;b&lt;/i&gt;<br>c</p>")
      const markup = fakeMarkup()
      expect(yield* renderNote("*x*").pipe(Effect.provideService(Markup, markup.service))).toBe("<p>md:*x*</p>")
    }))
})

describe("withoutTitle", () => {
  it("drops a first heading that repeats the title, and nothing else", () => {
    expect(withoutTitle("<h2>Morning at the  Harbour</h2><p>Text</p>", "Morning at the harbour")).toBe("<p>Text</p>")
    expect(withoutTitle("<h2>Morning</h2><p>Text</p>", "Morning at the harbour")).toBe("<h2>Morning</h2><p>Text</p>")
    expect(withoutTitle("<p>Text</p><h2>Morning</h2>", "Morning")).toBe("<p>Text</p><h2>Morning</h2>")
  })
})
