/** Contract of the Highlights port: ownership and cap on insert, edits, order, counts, pages, filters, cascade. */
import {
  type AccountId,
  type Accounts,
  BookmarkId,
  Bookmarks,
  type Highlight,
  HighlightId,
  type HighlightPageQuery,
  Highlights
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { insertBookmark, newAccount, uid } from "./Support.js"

export const highlightRecord = (
  accountId: AccountId,
  bookmarkId: BookmarkId,
  overrides: Partial<Highlight.Record> = {}
): Highlight.Record => ({
  id: HighlightId.make(uid("hlt_")),
  bookmarkId,
  accountId,
  colour: "yellow",
  note: "",
  exact: "a marked passage",
  prefix: "before ",
  suffix: " after",
  start: 7,
  end: 23,
  createdAt: 1_000,
  updatedAt: 1_000,
  ...overrides
})

const firstPage = (overrides: Partial<HighlightPageQuery> = {}): HighlightPageQuery => ({
  before: Option.none(),
  limit: 10,
  words: [],
  tag: Option.none(),
  bookmarkIds: Option.none(),
  ...overrides
})

export const highlightsContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks | Highlights, E>) =>
  describe(`Highlights contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks | Highlights>) =>
      effect.pipe(Effect.provide(layer))

    it.effect("inserts on the account's own bookmark only, up to the cap; reads back; edits colour and note", () =>
      run(Effect.gen(function*() {
        const highlights = yield* Highlights
        const account = yield* newAccount()
        const stranger = yield* newAccount()
        const bookmark = yield* insertBookmark(account.id, 10)
        const first = highlightRecord(account.id, bookmark.id, { note: "why it matters" })
        expect(yield* highlights.insert(first, 2)).toBe("inserted")
        expect(yield* highlights.get(first.id)).toEqual(Option.some(first))
        expect(yield* highlights.insert(highlightRecord(stranger.id, bookmark.id), 2)).toBe("missing")
        expect(yield* highlights.insert(highlightRecord(account.id, bookmark.id, { start: 0, end: 16 }), 2))
          .toBe("inserted")
        expect(yield* highlights.insert(highlightRecord(account.id, bookmark.id), 2)).toBe("full")
        const edited = { ...first, colour: "blue" as const, note: "", updatedAt: 2_000, exact: "ignored" }
        expect(yield* highlights.update(edited)).toBe(true)
        expect(yield* highlights.get(first.id)).toEqual(
          Option.some({ ...first, colour: "blue", note: "", updatedAt: 2_000 })
        )
        expect((yield* highlights.ofBookmark(bookmark.id)).map((h) => h.start)).toEqual([0, 7])
        expect(yield* highlights.delete(first.id)).toBe(true)
        expect(yield* highlights.delete(first.id)).toBe(false)
        expect(yield* highlights.update(first)).toBe(false)
        expect(Option.isNone(yield* highlights.get(first.id))).toBe(true)
      })))

    it.effect("counts per bookmark; a deleted bookmark takes its highlights with it", () =>
      run(Effect.gen(function*() {
        const highlights = yield* Highlights
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const one = yield* insertBookmark(account.id, 10)
        const two = yield* insertBookmark(account.id, 20)
        const three = yield* insertBookmark(account.id, 30)
        yield* highlights.insert(highlightRecord(account.id, one.id), 10)
        yield* highlights.insert(highlightRecord(account.id, one.id), 10)
        const gone = highlightRecord(account.id, two.id)
        yield* highlights.insert(gone, 10)
        const counts = yield* highlights.counts([one.id, two.id, three.id])
        expect([counts.get(one.id), counts.get(two.id), counts.get(three.id)]).toEqual([2, 1, undefined])
        yield* bookmarks.delete(two.id)
        expect(Option.isNone(yield* highlights.get(gone.id))).toBe(true)
        expect(yield* highlights.ofBookmark(two.id)).toEqual([])
        expect((yield* highlights.counts([two.id])).get(two.id)).toBeUndefined()
      })))

    it.effect("reads a bookmark with its highlight count, the same record as `get`; none for an unknown id", () =>
      run(Effect.gen(function*() {
        const highlights = yield* Highlights
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const marked = yield* insertBookmark(account.id, 10)
        const plain = yield* insertBookmark(account.id, 20)
        const read = (id: BookmarkId) =>
          Effect.map(bookmarks.getWithHighlights(id), Option.map((found) => found.highlights))
        expect(yield* read(marked.id)).toEqual(Option.some(0))
        const first = highlightRecord(account.id, marked.id)
        yield* highlights.insert(first, 10)
        yield* highlights.insert(highlightRecord(account.id, marked.id, { start: 0, end: 16 }), 10)
        yield* highlights.insert(highlightRecord(account.id, marked.id, { start: 30, end: 40 }), 10)
        expect(yield* bookmarks.getWithHighlights(marked.id)).toEqual(
          Option.map(yield* bookmarks.get(marked.id), (record) => ({ record, highlights: 3 }))
        )
        expect(yield* read(plain.id)).toEqual(Option.some(0))
        yield* highlights.delete(first.id)
        expect(yield* read(marked.id)).toEqual(Option.some(2))
        expect(yield* read(BookmarkId.make(uid("bmk_")))).toEqual(Option.none())
        yield* bookmarks.delete(marked.id)
        expect(yield* read(marked.id)).toEqual(Option.none())
      })))

    it.effect("pages the account's highlights newest first, ties by id, with a cursor that skips none", () =>
      run(Effect.gen(function*() {
        const highlights = yield* Highlights
        const account = yield* newAccount()
        const other = yield* newAccount()
        const bookmark = yield* insertBookmark(account.id, 10)
        const theirs = yield* insertBookmark(other.id, 10)
        yield* highlights.insert(highlightRecord(other.id, theirs.id, { createdAt: 9_000 }), 10)
        const made = [1_000, 2_000, 2_000, 2_000, 3_000].map((createdAt) =>
          highlightRecord(account.id, bookmark.id, { createdAt })
        )
        for (const h of made) yield* highlights.insert(h, 10)
        const expected = [...made].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).map((h) => h.id)
        const seen: Array<string> = []
        let before: Option.Option<Highlight.Cursor> = Option.none()
        for (let i = 0; i < 5; i++) {
          const page = yield* highlights.page(account.id, firstPage({ before, limit: 2 }))
          if (page.length === 0) break
          seen.push(...page.map((h) => h.id))
          const last = page[page.length - 1]
          if (last === undefined) break
          before = Option.some({ createdAt: last.createdAt, id: last.id })
        }
        expect(seen).toEqual(expected)
      })))

    it.effect("filters pages by words of the quote, note or title, by tag and by bookmarks", () =>
      run(Effect.gen(function*() {
        const highlights = yield* Highlights
        const account = yield* newAccount()
        const tagged = yield* insertBookmark(account.id, 10, { callerTags: ["Reading"] })
        const titled = yield* insertBookmark(account.id, 20, { overrides: { title: "Gardening notes" } })
        const quote = highlightRecord(account.id, tagged.id, { exact: "Octopuses have three hearts" })
        const noted = highlightRecord(account.id, titled.id, { exact: "plain words", note: "remember octopuses" })
        yield* highlights.insert(quote, 10)
        yield* highlights.insert(noted, 10)
        const ids = (query: Partial<HighlightPageQuery>) =>
          Effect.map(highlights.page(account.id, firstPage(query)), (page) => page.map((h) => h.id).sort())
        expect(yield* ids({ words: ["octopuses"] })).toEqual([quote.id, noted.id].sort())
        expect(yield* ids({ words: ["hearts"] })).toEqual([quote.id])
        expect(yield* ids({ words: ["gardening", "remember"] })).toEqual([noted.id])
        expect(yield* ids({ words: ["hearts", "remember"] })).toEqual([])
        expect(yield* ids({ tag: Option.some("reading") })).toEqual([quote.id])
        expect(yield* ids({ bookmarkIds: Option.some([titled.id]) })).toEqual([noted.id])
        expect(yield* ids({ bookmarkIds: Option.some([]) })).toEqual([])
      })))
  })
