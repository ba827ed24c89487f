/** Generated tags are marked as such and can be accepted or dropped in bulk; a person's verdict survives a refresh. */
import { Errors, getBookmark, refreshBookmark, reviewGeneratedTags } from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

const first = "https://blog.example.com/harbour"
const second = "https://blog.example.com/lighthouse"

describe("reviewGeneratedTags", () => {
  it.effect("marks generated tags; drops one tag library-wide, accepts the rest of one bookmark; kept on refresh", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const account = principal.account.id
        fetcher.script(first, FakePageFetcher.html(first, page("Harbour", "", "Harbour keepers painted lighthouse.")))
        fetcher.script(second, FakePageFetcher.html(second, page("Light", "", "Lighthouse keepers polished lenses.")))
        const a = yield* Fixtures.save(principal, { url: first, tags: ["Mine"] })
        const b = yield* Fixtures.save(principal, { url: second })
        yield* runDueJobs
        expect(yield* getBookmark(account, a.id)).toMatchObject({
          tags: ["Mine", "harbour", "keepers", "painted"],
          generatedTags: ["harbour", "keepers", "painted"]
        })
        expect((yield* getBookmark(account, b.id)).generatedTags).toEqual(["lighthouse", "keepers", "polished"])

        const dropped = yield* reviewGeneratedTags(account, { action: "drop", tag: "KEEPERS" })
        expect(dropped).toEqual({ bookmarks: 2, tags: 2, more: false })
        expect(yield* getBookmark(account, b.id)).toMatchObject({
          tags: ["lighthouse", "polished"],
          generatedTags: ["lighthouse", "polished"]
        })

        const accepted = yield* reviewGeneratedTags(account, { action: "accept", ids: [a.id] })
        expect(accepted).toEqual({ bookmarks: 1, tags: 2, more: false })
        expect(yield* getBookmark(account, a.id)).toMatchObject({
          tags: ["Mine", "harbour", "painted"],
          generatedTags: []
        })
        // Nothing left to review there: a second call changes nothing.
        expect(yield* reviewGeneratedTags(account, { action: "accept", ids: [a.id] })).toEqual({
          bookmarks: 0,
          tags: 0,
          more: false
        })

        // The page changes and is analysed again: accepted tags stay, dropped ones do not come back.
        fetcher.script(first, FakePageFetcher.html(first, page("Harbour", "", "Keepers repaired breakwater.")))
        yield* refreshBookmark(account, a.id)
        yield* runDueJobs
        expect(yield* getBookmark(account, a.id)).toMatchObject({
          tags: ["Mine", "harbour", "painted", "repaired", "breakwater"],
          generatedTags: ["repaired", "breakwater"]
        })
      })
    ))

  it.effect("an unknown or another account's bookmark fails the whole call before anything changes", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        fetcher.script(first, FakePageFetcher.html(first, page("Harbour", "", "Harbour keepers painted lighthouse.")))
        const mine = yield* Fixtures.save(principal, { url: first })
        const theirs = yield* Fixtures.save(other.principal, { url: first })
        yield* runDueJobs
        const forbidden = yield* failureOf(
          reviewGeneratedTags(principal.account.id, { action: "drop", ids: [mine.id, theirs.id] }),
          Errors.Forbidden
        )
        expect(forbidden.resource).toBe("bookmark")
        yield* failureOf(
          reviewGeneratedTags(principal.account.id, { action: "drop", ids: ["bmk_nothere"] }),
          Errors.NotFound
        )
        expect((yield* getBookmark(principal.account.id, mine.id)).generatedTags).toHaveLength(3)
      })
    ))
})
