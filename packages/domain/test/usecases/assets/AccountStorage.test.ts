/**
 * The storage an account uses: counted as enrichment stores its screenshot and copy, taken off as they are deleted
 * (a replaced copy, a deleted bookmark), reported with the usage; one account's assets never count for another.
 */
import {
  AssetId,
  AssetStore,
  AssetUsage,
  Bookmark,
  Bookmarks,
  deleteBookmark,
  refreshBookmark,
  reportUsage
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://news.example.com/story"

/** What the store holds for a bookmark's assets, summed: the figure the count must match. */
const storedBytes = (id: string) =>
  Effect.gen(function*() {
    const record = Option.getOrThrow(yield* (yield* Bookmarks).get(id as never))
    const store = yield* AssetStore
    let total = 0
    for (const asset of Bookmark.assets(record)) {
      total += Option.match(yield* store.get(AssetId.make(asset)), { onNone: () => 0, onSome: (a) => a.bytes.length })
    }
    return { total, record }
  })

describe("storage used by an account", () => {
  it.effect("counts the screenshot and copy enrichment stores, and takes them off with the bookmark", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
        renderer.script(url, page("Story", "Text"))
        const copy = new TextEncoder().encode(`<p>${"copy ".repeat(2000)}</p>`)
        renderer.scriptCopy(url, { _tag: "Kept", html: copy, partial: "" })
        const usage = yield* AssetUsage
        expect(yield* usage.used(principal.account.id)).toBe(0)

        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const { record, total } = yield* storedBytes(ack.id)
        expect(Bookmark.assets(record).length).toBeGreaterThanOrEqual(2)
        expect(total).toBeGreaterThan(copy.length)
        expect(yield* usage.used(principal.account.id)).toBe(total)
        expect((yield* reportUsage(principal)).storage).toEqual({ bytes: total })
        expect(yield* usage.used(other.account.id)).toBe(0)

        yield* deleteBookmark(principal.account.id, ack.id)
        expect(yield* usage.used(principal.account.id)).toBe(0)
        expect((yield* reportUsage(principal)).storage).toEqual({ bytes: 0 })
      })
    ))

  it.effect("a refresh that replaces the copy takes the old copy off and counts the new one", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
        renderer.script(url, page("Story", "Text"))
        renderer.scriptCopy(url, { _tag: "Kept", html: new TextEncoder().encode("x".repeat(5000)), partial: "" })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const usage = yield* AssetUsage
        const before = yield* usage.used(principal.account.id)
        const first = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id)).derived

        renderer.scriptCopy(url, { _tag: "Kept", html: new TextEncoder().encode("y".repeat(700)), partial: "" })
        yield* refreshBookmark(principal.account.id, ack.id)
        yield* runDueJobs
        const second = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id)).derived
        expect(second.archive?.copy?.asset).not.toBe(first.archive?.copy?.asset)
        // The refresh stored a new screenshot too; the first one stays in the store, and so in the count.
        const screenshot = Option.getOrThrow(yield* (yield* AssetStore).get(AssetId.make(second.screenshot)))
        expect(yield* usage.used(principal.account.id)).toBe(before - 5000 + 700 + screenshot.bytes.length)
      })
    ))
})
