/**
 * Round trip: a library with app edits, notes, tags, text notes and bookmarks both enriched and still processing,
 * exported as our JSON, imported into a fresh account and exported again, gives the same library (ids and the
 * export time aside), two bookmarks of one URL included; on memory and on PGlite. The HTML export carries tags in TAGS
 * and the note in DD.
 */
import {
  type AccountId,
  Actor,
  Bookmark,
  Bookmarks,
  completeBookmark,
  editBookmark,
  IdGenerator,
  saveBookmark
} from "@bookmark-library/domain"
import { TestApp } from "@bookmark-library/testkit"
import { describe, expect, it, layer } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import * as Harness from "../sql/Harness.js"
import { exported, importFile, library, newAccount, services, text } from "./ImportSupport.js"

const start = Date.parse("2026-04-01T08:00:00.000Z")

/** A library worth moving: saved, enriched, edited, noted, a text note and one still processing. */
const seedLibrary = (account: AccountId) =>
  Effect.gen(function*() {
    const bookmarks = yield* Bookmarks
    const ids = yield* IdGenerator
    const a = yield* saveBookmark(account, {
      url: "https://example.com/a",
      tags: ["Reading", "two words"],
      note: "mine ✓"
    }, "api")
    yield* TestClock.adjust("1 second")
    // The same page saved twice, each with its own tags and note: a restore keeps both.
    yield* saveBookmark(account, { url: "https://example.com/a", tags: ["again"], note: "second look" }, "api")
    yield* TestClock.adjust("1 second")
    const b = yield* saveBookmark(account, { url: "https://example.com/b?x=1&y=\"2\"" }, "app")
    yield* TestClock.adjust("1 second")
    yield* saveBookmark(account, { url: "https://example.com/still-processing", tags: "later" }, "extension")
    const derived: Bookmark.Derived = {
      title: "A <title> & more",
      description: "About A",
      type: "article",
      image: "https://example.com/a.png",
      favicon: "https://example.com/favicon.ico",
      // Storage keeps the asset id; the export shows the link and keeps the id in `derived`.
      screenshot: "0123456789abcdef0123456789abcdef",
      summary: "A summary. Two sentences.",
      tags: ["generated", "reading"]
    }
    yield* completeBookmark(a.id, { derived, processingError: "", pageText: "page text" }, Option.none())
    yield* completeBookmark(b.id, {
      derived: { ...Bookmark.emptyDerived, title: "B" },
      processingError: "HTTP 404",
      pageText: ""
    }, Option.none())
    yield* editBookmark(Actor.operator, b.id, { title: "B as I call it", tags: ["edited"], note: "edited note" })
    yield* TestClock.adjust("1 second")
    // A text note as the app makes them: type textNote, no address (docs/decisions.md, "Text notes").
    yield* bookmarks.insert({
      id: yield* ids.make("bookmark"),
      accountId: account,
      url: "",
      source: "app",
      now: yield* Clock.currentTimeMillis,
      status: "ready",
      processingError: "",
      callerTags: ["ideas"],
      note: "Buy more notebooks",
      derived: { ...Bookmark.emptyDerived, type: "textNote", summary: "Buy more notebooks" },
      overrides: {},
      pageText: ""
    })
  })

/** An export without what differs by nature between two libraries: ids and the export's own time. */
const comparable = (json: string) => {
  const parsed: { readonly bookmarks: ReadonlyArray<Record<string, unknown>>; readonly exportedAt: string } = JSON
    .parse(json)
  return { ...parsed, exportedAt: "", bookmarks: parsed.bookmarks.map(({ id: _id, ...rest }) => rest) }
}

const roundTrip = Effect.gen(function*() {
  yield* TestClock.setTime(start)
  const first = yield* newAccount
  yield* seedLibrary(first)
  const before = yield* exported(first, "json")
  const second = yield* newAccount
  const progress = yield* importFile(second, text(before))
  expect(progress).toMatchObject({
    format: "json",
    duplicatePolicy: "keep",
    total: 5,
    saved: 5,
    duplicates: 0,
    failed: 0
  })
  const after = yield* exported(second, "json")
  expect(comparable(after)).toEqual(comparable(before))
  // Merging the export again into the same account, skipping duplicates, saves nothing twice.
  expect(yield* importFile(second, text(before), { duplicates: "skip" })).toMatchObject({
    duplicatePolicy: "skip",
    saved: 0,
    duplicates: 5
  })
  return { before, second }
})

describe("export and import round trip", () => {
  it.effect("memory: JSON → fresh account → JSON is the same library", () =>
    Effect.provide(
      Effect.gen(function*() {
        const { before } = yield* roundTrip
        const parsed: { readonly bookmarks: ReadonlyArray<Record<string, unknown>> } = JSON.parse(before)
        expect(parsed.bookmarks.map((b) => [b["url"], b["status"], b["title"], b["tags"], b["note"], b["edits"]]))
          .toEqual([
            ["", "ready", "", ["ideas"], "Buy more notebooks", {}],
            ["https://example.com/still-processing", "processing", "", ["later"], "", {}],
            ["https://example.com/b?x=1&y=%222%22", "ready", "B as I call it", ["edited"], "edited note", {
              title: "B as I call it",
              tags: ["edited"],
              note: "edited note"
            }],
            ["https://example.com/a", "processing", "", ["again"], "second look", {}],
            ["https://example.com/a", "ready", "A <title> & more", ["Reading", "two words", "generated"], "mine ✓", {}]
          ])
      }),
      services(TestApp.storage)
    ))

  it.effect("HTML: tags in TAGS, the note in DD, entities escaped, text notes left out", () =>
    Effect.provide(
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const account = yield* newAccount
        yield* seedLibrary(account)
        const html = yield* exported(account, "html")
        expect(html.startsWith("<!DOCTYPE NETSCAPE-Bookmark-file-1>")).toBe(true)
        expect(html).toContain(
          `<DT><A HREF="https://example.com/a" ADD_DATE="${
            Math.floor(start / 1000)
          }" TAGS="Reading,two words,generated">A &lt;title&gt; &amp; more</A>\n    <DD>mine ✓\n`
        )
        expect(html).toContain(`<A HREF="https://example.com/b?x=1&amp;y=%222%22"`)
        expect(html).not.toContain("Buy more notebooks")
        // What a browser export of ours reads back as.
        const again = yield* newAccount
        expect(yield* importFile(again, text(html))).toMatchObject({
          format: "netscape",
          duplicatePolicy: "skip",
          total: 4,
          saved: 3,
          duplicates: 1,
          failed: 0
        })
        // A foreign format merges by URL unless told to keep: the newer of the two (first in the file) stays.
        expect((yield* library(again)).filter((r) => r.url === "https://example.com/a").map((r) => r.note))
          .toEqual(["second look"])
        const keeping = yield* newAccount
        expect(yield* importFile(keeping, text(html), { duplicates: "keep" })).toMatchObject({
          duplicatePolicy: "keep",
          saved: 4,
          duplicates: 0
        })
        const both = (yield* library(keeping)).filter((r) => r.url === "https://example.com/a")
        expect(both.map((r) => [r.callerTags, r.note])).toEqual([
          [["Reading", "two words", "generated"], "mine ✓"],
          [["again"], "second look"]
        ])
      }),
      services(TestApp.storage)
    ))
})

const database = Harness.pglite()
describe("export and import round trip on PGlite", () => {
  layer(services(Harness.shared(Harness.pgliteStorage(database))), { timeout: 120_000 })((it) => {
    it.effect("JSON → fresh account → JSON is the same library", () => Effect.asVoid(roundTrip))
  })
})
