/** States, "saved already", duplicate groups and merge, through the use cases (docs/search.md). */
import {
  Actor,
  AssetStore,
  Bookmark,
  Bookmarks,
  duplicateGroups,
  Errors,
  getBookmark,
  listBookmarks,
  mergeBookmarks,
  savedAlready,
  setBookmarkStates
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

describe("states and duplicates", () => {
  it.effect("sets favourite and archived on the actor's own bookmark only; the full view carries both", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(principal, { url: "https://example.com/s" })
        const actor = Actor.account(principal.account.id)
        expect(yield* setBookmarkStates(actor, ack.id, { favourite: true })).toMatchObject({
          favourite: true,
          archived: false
        })
        expect(yield* setBookmarkStates(actor, ack.id, { archived: true, favourite: false })).toMatchObject({
          favourite: false,
          archived: true
        })
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({ favourite: false, archived: true })
        yield* failureOf(
          setBookmarkStates(Actor.account(other.principal.account.id), ack.id, { archived: false }),
          Errors.Forbidden
        )
        yield* failureOf(setBookmarkStates(actor, ack.id, {}), Errors.InvalidInput)
        const unread = yield* listBookmarks(principal.account.id, { q: "is:unread" })
        expect(unread.bookmarks).toEqual([])
      })
    ))

  it.effect("knows a page saved again; merges the group into the earliest", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const url = "https://example.com/story"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Story")))
        const first = yield* Fixtures.save(principal, { url, tags: "news" })
        yield* runDueJobs
        const again = yield* Fixtures.save(principal, {
          url: "https://www.example.com/story/?utm_source=feed",
          note: "x"
        })
        const saved = yield* savedAlready(accountId, "http://example.com/story#top")
        expect(saved.map((b) => b.id)).toEqual([again.id, first.id])
        const groups = yield* duplicateGroups(accountId)
        expect(groups.map((group) => group.map((b) => b.id))).toEqual([[first.id, again.id]])
        const kept = yield* mergeBookmarks(accountId, [again.id, first.id])
        expect(kept).toMatchObject({ id: first.id, note: "x" })
        expect(kept.tags[0]).toBe("news")
        yield* failureOf(getBookmark(accountId, again.id), Errors.NotFound)
        expect(yield* duplicateGroups(accountId)).toEqual([])
        yield* failureOf(mergeBookmarks(accountId, [first.id]), Errors.InvalidInput)
        const stranger = yield* Fixtures.accountWithKey()
        const theirs = yield* Fixtures.save(stranger.principal, { url })
        yield* failureOf(mergeBookmarks(accountId, [first.id, theirs.id]), Errors.Forbidden)
      })
    ))

  it.effect("deletes the pictures and archived copies of the others, as a delete would; the kept keeps its", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const url = "https://example.com/pictured"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Pictured")))
        world.renderer.script(url, page("Pictured"))
        const first = yield* Fixtures.save(principal, { url })
        const again = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const bookmarks = yield* Bookmarks
        const store = yield* AssetStore
        const assetsOf = (id: typeof first.id) =>
          Effect.map(bookmarks.get(id), (found) => Bookmark.assets(Option.getOrThrow(found)))
        const keptAssets = yield* assetsOf(first.id)
        const goneAssets = yield* assetsOf(again.id)
        const copy = Option.getOrThrow(yield* bookmarks.get(again.id)).derived.archive?.copy?.asset
        // The screenshot and the archived copy at least, each bookmark its own.
        expect(goneAssets.length).toBeGreaterThanOrEqual(2)
        expect(goneAssets).toContain(copy)
        expect(goneAssets.filter((a) => keptAssets.includes(a))).toEqual([])
        yield* mergeBookmarks(principal.account.id, [again.id, first.id])
        for (const asset of goneAssets) expect(Option.isNone(yield* store.get(asset))).toBe(true)
        for (const asset of keptAssets) expect(Option.isSome(yield* store.get(asset))).toBe(true)
      })
    ))
})
