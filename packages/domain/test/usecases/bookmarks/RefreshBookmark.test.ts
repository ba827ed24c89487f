/** Refresh: enrichment again, edits still winning, in the interactive lane (docs/decisions.md, "Refresh"). */
import {
  Actor,
  Bookmark,
  BookmarkId,
  Bookmarks,
  editBookmark,
  getBookmark,
  Jobs,
  refreshBookmark,
  registerWebhook
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { inWorld, page, runDueDeliveries, runDueJobs } from "../../support/World.js"

describe("refreshBookmark", () => {
  it.effect("an edit wins in reads and in the delivery of the next processing (refresh)", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const url = "https://example.com/a"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Derived title")))
        yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        yield* runDueDeliveries
        const edited = yield* editBookmark(Actor.account(accountId), ack.id, {
          title: "My title",
          tags: "mine, edited",
          type: "article"
        })
        expect(edited).toMatchObject({ title: "My title", tags: ["mine", "edited"], type: "article" })
        expect(yield* refreshBookmark(accountId, ack.id)).toBe(true)
        expect(yield* refreshBookmark(accountId, ack.id)).toBe(false)
        expect((yield* getBookmark(accountId, ack.id)).status).toBe("processing")
        yield* runDueJobs
        const after = yield* getBookmark(accountId, ack.id)
        expect(after).toMatchObject({ title: "My title", status: "ready", type: "article" })
        const delivered = yield* runDueDeliveries
        expect(delivered.map((o) => JSON.parse(o.claimed.delivery.body).data.title)).toEqual(["My title"])
      })
    ))

  it.effect("a refresh is a person waiting: interactive lane, announced, even for a bookmark from a quiet import", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const id = BookmarkId.make("bmk_fromquietimport")
        yield* (yield* Bookmarks).insertImported(accountId, [{
          id,
          accountId,
          url: "https://example.com/imported",
          source: "import",
          wantedAt: 1_000,
          status: "ready",
          processingError: "",
          callerTags: [],
          note: "",
          derived: Bookmark.emptyDerived,
          overrides: {},
          pageText: ""
        }], "skip")
        expect(yield* refreshBookmark(accountId, id)).toBe(true)
        const jobs = yield* Jobs
        const now = yield* Clock.currentTimeMillis
        expect(yield* jobs.claim({ now, lease: 1_000, max: 10, lane: "import" })).toEqual([])
        const claimed = yield* jobs.claim({ now, lease: 1_000, max: 10 })
        expect(claimed.map((j) => [j.bookmarkId, j.lane, j.events, j.importId])).toEqual([[
          id,
          "interactive",
          true,
          null
        ]])
      })
    ))
})
