/** The zip export's contents, in order: bookmarks.json naming each copy, then each copy from the asset store. */
import { exportBytes, exportLibraryZip } from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { inWorld, page, runDueJobs } from "../../support/World.js"

const text = (stream: Stream.Stream<Uint8Array, unknown>) =>
  Effect.map(Stream.runCollect(stream), (parts) => Buffer.concat([...parts]).toString("utf8"))

describe("exportLibraryZip", () => {
  it.effect("writes bookmarks.json (deflated) with copyFile, then each copy it names; no copy, no file", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const story = "https://news.example.com/story"
        const plain = "https://news.example.com/plain"
        fetcher.script(story, FakePageFetcher.html(story, page("Story", "Text")))
        renderer.script(story, page("Story", "Text"))
        renderer.scriptCopy(story, { _tag: "Kept", html: new TextEncoder().encode("<p>the copy</p>"), partial: "" })
        yield* Fixtures.save(principal, { url: story })
        yield* runDueJobs
        fetcher.script(plain, FakePageFetcher.html(plain, page("Plain", "Text")))
        renderer.script(plain, page("Plain", "Text"))
        renderer.scriptCopy(plain, { _tag: "Missing", reason: "capture timed out after 20s" })
        yield* Fixtures.save(principal, { url: plain })
        yield* runDueJobs

        const written = yield* text(yield* exportLibraryZip(principal.account.id))
        const [, json, copy] = written.split(/^--- .*\n/m)
        const names = [...written.matchAll(/^--- (.*)$/gm)].map((m) => m[1])
        const library = JSON.parse(json!) as { bookmarks: Array<{ url: string; copyFile?: string }> }
        expect(library.bookmarks.map((b) => [b.url, b.copyFile])).toEqual([
          [plain, undefined],
          [story, expect.stringMatching(/^copies\/[0-9a-f]{32}\.html$/)]
        ])
        expect(names).toEqual(["bookmarks.json (deflated)", `${library.bookmarks[1]!.copyFile} (deflated)`])
        expect(copy).toBe("<p>the copy</p>")
        // The other formats are the text exports, unchanged.
        expect(yield* text(yield* exportBytes(principal.account.id, "json"))).not.toContain("copyFile")
      })
    ))
})
