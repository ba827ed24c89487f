/**
 * AnalysePage: a summary and tags from the words found, with the account's vocabulary read once, never repeating the
 * tags a person gave or dropped, and no tagging once a person edited the tags.
 */
import {
  AccountId,
  type AnalysisInput,
  Bookmark,
  BookmarkId,
  Bookmarks,
  ContentAnalyzer,
  Settings
} from "@bookmark-library/domain"
import { MemoryBookmarks } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { analyseNote, analysePage } from "../../../src/usecases/enrichment/AnalysePage.js"
import type { Progress } from "../../../src/usecases/enrichment/Progress.js"

/** An analyzer that records what it was asked and answers the same thing every time. */
const recording = () => {
  const asked: Array<AnalysisInput> = []
  const layer = Layer.succeed(
    ContentAnalyzer,
    ContentAnalyzer.of({
      analyze: (input) => Effect.sync(() => (asked.push(input), { summary: "A summary.", tags: ["generated"] }))
    })
  )
  return {
    asked,
    layer: Layer.mergeAll(layer, MemoryBookmarks.layer, Settings.layer({ newTagsPerPage: 3 }))
  }
}

const record: Bookmark.Record = {
  id: BookmarkId.make("bmk_a"),
  accountId: AccountId.make("acc_a"),
  url: "https://example.com/",
  source: "api",
  createdAt: 1,
  status: "processing",
  processingError: "",
  callerTags: ["saved"],
  note: "The note as saved",
  derived: Bookmark.emptyDerived,
  overrides: {},
  pageText: ""
}

const found: Progress = {
  derived: { ...Bookmark.emptyDerived, title: "Page title" },
  pageMarkdown: "",
  pageText: "The page's text.",
  news: true,
  error: "",
  transient: false
}

describe("analysePage", () => {
  it.effect("analyses the page's text with the title found and the caller's tags; edited tags are the caller's", () =>
    Effect.gen(function*() {
      const analyzer = recording()
      const after = yield* analysePage(record, found).pipe(Effect.provide(analyzer.layer))
      expect(after).toEqual({ ...found, derived: { ...found.derived, summary: "A summary.", tags: ["generated"] } })
      const edited = yield* analysePage({ ...record, overrides: { tags: ["edited"] } }, found).pipe(
        Effect.provide(analyzer.layer)
      )
      // A person edited the tags: summarised again, never re-tagged.
      expect(edited.derived.tags).toEqual([])
      const page = { title: "Page title", text: "The page's text.", news: true, site: "example.com" }
      expect(analyzer.asked).toEqual([
        { ...page, given: ["saved"], vocabulary: [], maxNew: 3 },
        { ...page, given: ["edited"], vocabulary: [], maxNew: 0 }
      ])
    }))

  it.effect("gives the analyzer the account's vocabulary, and the accepted and dropped tags as the person's", () =>
    Effect.gen(function*() {
      const analyzer = recording()
      yield* Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        yield* bookmarks.insert({ ...record, id: BookmarkId.make("bmk_b"), callerTags: ["Baking", "bread"], now: 1 })
        yield* bookmarks.insert({ ...record, id: BookmarkId.make("bmk_c"), callerTags: ["baking"], now: 2 })
        yield* analysePage(
          { ...record, overrides: { acceptedTags: ["yeast"], droppedTags: ["flour"] } },
          found
        )
      }).pipe(Effect.provide(analyzer.layer))
      expect(analyzer.asked[0]?.vocabulary).toEqual([{ tag: "baking", count: 2 }, { tag: "bread", count: 1 }])
      expect(analyzer.asked[0]?.given).toEqual(["saved", "yeast", "flour"])
    }))

  it.effect("without text there is nothing to analyse: what was found stays as is", () =>
    Effect.gen(function*() {
      const analyzer = recording()
      const empty = { ...found, pageText: "" }
      expect(yield* analysePage(record, empty).pipe(Effect.provide(analyzer.layer))).toBe(empty)
      expect(analyzer.asked).toEqual([])
    }))
})

describe("analyseNote", () => {
  it.effect("a text note is analysed from its own words, edits winning, and is typed textNote", () =>
    Effect.gen(function*() {
      const analyzer = recording()
      const note = { ...record, url: Bookmark.noteUrl, derived: { ...Bookmark.emptyDerived, title: "Note title" } }
      const after = yield* analyseNote({ ...note, overrides: { note: "The edited note" } }, found).pipe(
        Effect.provide(analyzer.layer)
      )
      expect(after.derived).toMatchObject({
        type: "textNote",
        summary: "A summary.",
        tags: ["generated"],
        title: "Page title"
      })
      expect(analyzer.asked).toEqual([
        { title: "Note title", text: "The edited note", given: ["saved"], vocabulary: [], maxNew: 3, site: "" }
      ])
    }))
})
