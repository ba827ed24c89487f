/** The web app's bookmark tasks: notes, edits that win, refresh, delete, all scoped to the signed-in account. */
import {
  AssetId,
  AssetStore,
  Bookmark,
  BookmarkId,
  Bookmarks,
  Deliveries,
  deleteOwnBookmark,
  editOwnBookmark,
  Errors,
  getBookmark,
  Jobs,
  listBookmarks,
  refreshBookmark,
  registerWebhook,
  saveNote
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { failureOf, inWorld, page, runDueDeliveries, runDueJobs } from "./support/World.js"

describe("text notes", () => {
  it.effect("a note has no URL, is listed and found by its words, and finishing it emits bookmark.saved", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const note = yield* saveNote(accountId, { title: "Harpsichord tuning", text: "Temperament matters. Meantone sounds sweet.", tags: "music" })
        expect(note.url).toBe("")
        yield* runDueJobs
        expect(world.fetcher.calls).toEqual([])
        const full = yield* getBookmark(accountId, note.id)
        expect(full).toMatchObject({ type: "textNote", title: "Harpsichord tuning", note: "Temperament matters. Meantone sounds sweet.", status: "ready" })
        expect(full.summary).toBe("Temperament matters.")
        expect(full.tags[0]).toBe("music")
        const found = yield* listBookmarks(accountId, { q: "meantone" })
        expect(found.bookmarks.map((b) => b.id)).toEqual([note.id])
        const outcomes = yield* runDueDeliveries
        expect(outcomes.map((o) => JSON.parse(o.claimed.delivery.body).data.id)).toEqual([note.id])
        yield* failureOf(saveNote(accountId, { title: " ", text: "" }), Errors.InvalidInput)
      })))
})

describe("edits, refresh and delete", () => {
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
        const edited = yield* editOwnBookmark(accountId, ack.id, { title: "My title", tags: "mine, edited", type: "article" })
        expect(edited).toMatchObject({ title: "My title", tags: ["mine", "edited"], type: "article" })
        expect(yield* refreshBookmark(accountId, ack.id)).toBe(true)
        expect(yield* refreshBookmark(accountId, ack.id)).toBe(false)
        expect((yield* getBookmark(accountId, ack.id)).status).toBe("processing")
        yield* runDueJobs
        const after = yield* getBookmark(accountId, ack.id)
        expect(after).toMatchObject({ title: "My title", status: "ready", type: "article" })
        const delivered = yield* runDueDeliveries
        expect(delivered.map((o) => JSON.parse(o.claimed.delivery.body).data.title)).toEqual(["My title"])
      })))

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
        }])
        expect(yield* refreshBookmark(accountId, id)).toBe(true)
        const jobs = yield* Jobs
        const now = yield* Clock.currentTimeMillis
        expect(yield* jobs.claim({ now, lease: 1_000, max: 10, lane: "import" })).toEqual([])
        const claimed = yield* jobs.claim({ now, lease: 1_000, max: 10 })
        expect(claimed.map((j) => [j.bookmarkId, j.lane, j.events, j.importId])).toEqual([[id, "interactive", true, null]])
      })))

  it.effect("delete removes the bookmark, its screenshot, its job and its pending deliveries", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const url = "https://example.com/shot"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Shot")))
        world.renderer.script(url, page("Shot"))
        const hook = yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const record = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id))
        const assetId = AssetId.make(record.derived.screenshot.split("/").pop() ?? "")
        expect(assetId).toMatch(/^[0-9a-f]{32}$/)
        const pending = yield* (yield* Deliveries).listForWebhook(hook.id)
        expect(pending.map((d) => [d.bookmarkId, d.state])).toEqual([[ack.id, "pending"]])
        yield* deleteOwnBookmark(accountId, ack.id)
        yield* failureOf(getBookmark(accountId, ack.id), Errors.NotFound)
        expect(Option.isNone(yield* (yield* AssetStore).get(assetId))).toBe(true)
        expect(yield* runDueDeliveries).toEqual([])
        expect(yield* (yield* Jobs).pending).toBe(0)
      })))

  it.effect("another account's bookmark cannot be edited, refreshed or deleted", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const mine = yield* Fixtures.accountWithKey()
        const theirs = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(theirs.principal, { url: "https://example.com/theirs" })
        const me = mine.principal.account.id
        yield* failureOf(editOwnBookmark(me, ack.id, { title: "stolen" }), Errors.Forbidden)
        yield* failureOf(refreshBookmark(me, ack.id), Errors.Forbidden)
        yield* failureOf(deleteOwnBookmark(me, ack.id), Errors.Forbidden)
        expect((yield* getBookmark(theirs.principal.account.id, ack.id)).title).toBe("")
      })))
})
