/**
 * Contract of the Bookmarks port: monotonic createdAt, cursor walks, filters (tag, type, exact URL), search,
 * completion, edits.
 */
import {
  type Accounts,
  Bookmark,
  BookmarkId,
  Bookmarks,
  type ImportedBookmark,
  Pagination
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Array as Arr, Effect, type Layer, Option, Result } from "effect"
import { insertBookmark, newAccount, newBookmark, uid } from "./Support.js"

const query = (params: Pagination.ListParams): Pagination.ListQuery =>
  Result.getOrThrow(Pagination.parseListQuery(params))

export const bookmarksContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks, E>) =>
  describe(`Bookmarks contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks>) => effect.pipe(Effect.provide(layer))

    it.effect("keeps createdAt unique and strictly increasing per account", () =>
      run(Effect.gen(function*() {
        const a = yield* newAccount()
        const b = yield* newAccount()
        const first = yield* insertBookmark(a.id, 5_000)
        const same = yield* insertBookmark(a.id, 5_000)
        const earlier = yield* insertBookmark(a.id, 4_000)
        const later = yield* insertBookmark(a.id, 9_000)
        const otherAccount = yield* insertBookmark(b.id, 5_000)
        expect([first.createdAt, same.createdAt, earlier.createdAt, later.createdAt]).toEqual([
          5_000,
          5_001,
          5_002,
          9_000
        ])
        expect(otherAccount.createdAt).toBe(5_000)
      })))

    it.effect("round-trips every field, including unicode and empty values", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const input = newBookmark(account.id, 1_234, {
          url: "https://example.com/ü?q=1#x",
          source: "extension",
          callerTags: ["Ünïcode", "two words"],
          note: "note with 'quotes' and \"double\" and emoji 🎉",
          derived: { ...Bookmark.emptyDerived, title: "T", type: "article", tags: ["gen"] },
          overrides: { title: "Edited" }
        })
        const inserted = yield* bookmarks.insert(input)
        const { now: _now, ...rest } = input
        expect(inserted).toEqual({ ...rest, createdAt: 1_234 })
        expect(yield* bookmarks.get(input.id)).toEqual(Option.some(inserted))
        expect(Option.isNone(yield* bookmarks.get(BookmarkId.make(uid("bmk_"))))).toBe(true)
      })))

    it.effect("walks a library with before cursors: every row once, newest first", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const ids: Array<string> = []
        for (let i = 0; i < 60; i++) ids.push((yield* insertBookmark(account.id, 1_000 + Math.floor(i / 20))).id)
        yield* insertBookmark(other.id, 1_000)
        const seen: Array<string> = []
        let before: number | undefined
        for (;;) {
          const rows = yield* bookmarks.list(account.id, {
            ...query({}),
            limit: 7,
            before: Option.fromNullishOr(before)
          })
          seen.push(...rows.map((r) => r.id))
          for (const [newer, older] of Arr.zip(rows, rows.slice(1))) {
            expect(newer.createdAt).toBeGreaterThan(older.createdAt)
          }
          if (rows.length < 7) break
          before = Arr.getUnsafe(rows, rows.length - 1).createdAt
        }
        expect(seen).toEqual([...ids].reverse())
      })))

    it.effect("filters by effective tag ignoring case, by type, and combines filters", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const a = yield* insertBookmark(account.id, 10, { callerTags: ["Rust", "web"] })
        const b = yield* insertBookmark(account.id, 20, {
          derived: { ...Bookmark.emptyDerived, type: "article", tags: ["rust"] }
        })
        const c = yield* insertBookmark(account.id, 30, { callerTags: ["rust"], overrides: { tags: ["go"] } })
        const ids = (params: Pagination.ListParams) =>
          Effect.map(bookmarks.list(account.id, query(params)), (rows) => rows.map((r) => r.id))
        expect(yield* ids({ tag: "RUST" })).toEqual([b.id, a.id])
        expect(yield* ids({ tag: "go" })).toEqual([c.id])
        expect(yield* ids({ type: "article" })).toEqual([b.id])
        expect(yield* ids({ type: "article", tag: "web" })).toEqual([])
        expect(yield* ids({ type: "website", tag: "web" })).toEqual([a.id])
      })))

    it.effect("the web app's orders and date bound: oldest first, by title (case ignored, untitled last), since, offset", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const titled = (title: string) => ({ derived: { ...Bookmark.emptyDerived, title } })
        const untitled = yield* insertBookmark(account.id, 5, titled(""))
        const a = yield* insertBookmark(account.id, 10, titled("pear"))
        const b = yield* insertBookmark(account.id, 20, titled("Apple"))
        const c = yield* insertBookmark(account.id, 30, { ...titled("zebra"), overrides: { title: "banana" } })
        const d = yield* insertBookmark(account.id, 40, titled("apple"))
        const ids = (extra: Partial<Pagination.ListQuery>, params: Pagination.ListParams = {}) =>
          Effect.map(bookmarks.list(account.id, { ...query(params), ...extra }), (rows) => rows.map((r) => r.id))
        expect(yield* ids({ order: "oldest" })).toEqual([untitled.id, a.id, b.id, c.id, d.id])
        expect(yield* ids({ order: "title" })).toEqual([b.id, d.id, c.id, a.id, untitled.id])
        expect(yield* ids({ order: "title", offset: 2 }, { limit: "1" })).toEqual([c.id])
        expect(yield* ids({ order: "newest" })).toEqual([d.id, c.id, b.id, a.id, untitled.id])
        const since = Option.some(c.createdAt)
        expect(yield* ids({ since })).toEqual([d.id, c.id])
        expect(yield* ids({ since, order: "oldest" })).toEqual([c.id, d.id])
        expect(yield* ids({ since: Option.some(b.createdAt) }, { before: new Date(d.createdAt).toISOString() }))
          .toEqual([c.id, b.id])
      })))

    it.effect("filters by exact URL as a save normalises it: one page's bookmarks only, newest first, per account", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const first = yield* insertBookmark(account.id, 10, { url: "https://example.com/" })
        yield* insertBookmark(account.id, 20, { url: "https://example.com/other" })
        yield* insertBookmark(account.id, 25, { url: "https://example.com/?q=1" })
        const again = yield* insertBookmark(account.id, 30, { url: "https://example.com/", callerTags: ["again"] })
        yield* insertBookmark(other.id, 40, { url: "https://example.com/" })
        const ids = (params: Pagination.ListParams) =>
          Effect.map(bookmarks.list(account.id, query(params)), (rows) => rows.map((r) => r.id))
        for (const spelling of ["https://example.com/", "https://EXAMPLE.com", "  https://example.com:443/ "]) {
          expect(yield* ids({ url: spelling }), spelling).toEqual([again.id, first.id])
        }
        expect(yield* ids({ url: "https://example.com/", tag: "again" })).toEqual([again.id])
        expect(yield* ids({ url: "https://example.com/", before: new Date(30).toISOString() })).toEqual([first.id])
        expect(yield* ids({ url: "https://example.com/", limit: "1" })).toEqual([again.id])
        expect(yield* ids({ url: "https://example.com/missing" })).toEqual([])
        expect(yield* ids({ url: "http://example.com/" })).toEqual([])
      })))

    it.effect("searches title, description, summary, tags, note, URL host and page text", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const d = Bookmark.emptyDerived
        const byTitle = yield* insertBookmark(account.id, 1, {
          derived: { ...d, title: "Volcanic eruptions explained" }
        })
        const byNote = yield* insertBookmark(account.id, 2, { note: "remember the marmalade recipe" })
        const byText = yield* insertBookmark(account.id, 3, { pageText: "A long body that mentions zeppelins once." })
        const byHost = yield* insertBookmark(account.id, 4, { url: "https://docs.quokkahost.org/guide" })
        const byTag = yield* insertBookmark(account.id, 5, { callerTags: ["gardening"] })
        const bySummary = yield* insertBookmark(account.id, 6, {
          derived: { ...d, summary: "Penguins huddle together." }
        })
        const byDescription = yield* insertBookmark(account.id, 7, {
          derived: { ...d, description: "About lighthouses" }
        })
        const search = (q: string, extra: Pagination.ListParams = {}) =>
          Effect.map(bookmarks.list(account.id, query({ q, ...extra })), (rows) => rows.map((r) => r.id))
        expect(yield* search("volcanic")).toEqual([byTitle.id])
        expect(yield* search("marmalade")).toEqual([byNote.id])
        expect(yield* search("zeppelins")).toEqual([byText.id])
        expect(yield* search("docs.quokkahost.org")).toEqual([byHost.id])
        expect(yield* search("gardening")).toEqual([byTag.id])
        expect(yield* search("penguins")).toEqual([bySummary.id])
        expect(yield* search("lighthouses")).toEqual([byDescription.id])
        expect(yield* search("marmal")).toEqual([byNote.id])
        expect(yield* search("remember marmalade")).toEqual([byNote.id])
        expect(yield* search("remember zeppelins")).toEqual([])
        expect(yield* search("gardening", { tag: "gardening" })).toEqual([byTag.id])
        expect(yield* search("gardening", { type: "article" })).toEqual([])
        const other = yield* newAccount()
        expect(yield* Effect.map(bookmarks.list(other.id, query({ q: "marmalade" })), (r) => r.length)).toBe(0)
      })))

    it.effect("completes a processing bookmark once; a second completion changes nothing", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1, { callerTags: ["mine"] })
        const derived: Bookmark.Derived = {
          ...Bookmark.emptyDerived,
          title: "Title",
          summary: "Sum.",
          type: "article",
          tags: ["generated"],
          screenshot: "http://x/y.jpg"
        }
        const done = yield* bookmarks.complete(record.id, { derived, processingError: "", pageText: "page words" })
        expect(done).toEqual(Option.some({ ...record, status: "ready", derived, pageText: "page words" }))
        const again = yield* bookmarks.complete(record.id, {
          derived: { ...derived, title: "Other" },
          processingError: "x",
          pageText: ""
        })
        expect(Option.isNone(again)).toBe(true)
        expect(yield* bookmarks.get(record.id)).toEqual(done)
        const found = yield* bookmarks.list(account.id, query({ q: "page words" }))
        expect(found.map((r) => r.id)).toEqual([record.id])
      })))

    it.effect("keeps the page's Markdown with the full record only; a later enrichment without any drops it", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        expect(record.pageMarkdown).toBeUndefined()
        const markdown = "## Kinds\n\n- one\n- two\n\n[a link](https://example.com/x)"
        const derived = { ...Bookmark.emptyDerived, title: "Kinds" }
        const done = yield* bookmarks.complete(record.id, {
          derived,
          processingError: "",
          pageText: "Kinds",
          pageMarkdown: markdown
        })
        expect(Option.map(done, (r) => r.pageMarkdown)).toEqual(Option.some(markdown))
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.pageMarkdown)).toEqual(Option.some(markdown))
        // A refresh keeps it until the next enrichment replaces it; one that gives none leaves none.
        yield* bookmarks.restart(record.id)
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.pageMarkdown)).toEqual(Option.some(markdown))
        yield* bookmarks.complete(record.id, { derived, processingError: "", pageText: "plain", pageMarkdown: "" })
        const after = yield* bookmarks.get(record.id)
        expect(Option.map(after, (r) => [r.pageText, r.pageMarkdown])).toEqual(Option.some(["plain", undefined]))
      })))

    it.effect("keeps the archived copy through completion, restart (a refresh) and reads; absent until archived", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        expect(record.derived.archive).toBeUndefined()
        const archive = {
          copy: {
            asset: "0123456789abcdef0123456789abcdef",
            takenAt: 1_790_000_000_123,
            bytes: 52_431,
            contentType: "text/html; charset=utf-8",
            partial: "images left out to fit the size cap"
          },
          problem: ""
        }
        const derived: Bookmark.Derived = { ...Bookmark.emptyDerived, title: "Kept", archive }
        yield* bookmarks.complete(record.id, { derived, processingError: "", pageText: "" })
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.derived.archive)).toEqual(Option.some(archive))
        const restarted = yield* bookmarks.restart(record.id)
        expect(Option.map(restarted, (r) => r.derived.archive)).toEqual(Option.some(archive))
        const listed = yield* bookmarks.list(account.id, query({}))
        expect(listed.map((r) => r.derived.archive)).toEqual([archive])
        const missed = { copy: archive.copy, problem: "capture timed out after 20s" }
        yield* bookmarks.complete(record.id, {
          derived: { ...derived, archive: missed },
          processingError: "",
          pageText: ""
        })
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.derived.archive)).toEqual(Option.some(missed))
      })))

    it.effect("stores a copy from the browser at insert, its capturedBy kept through reads, restart and completion", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const archive = {
          copy: {
            asset: "fedcba9876543210fedcba9876543210",
            takenAt: 1_790_000_000_456,
            bytes: 9_876,
            contentType: "text/html; charset=utf-8",
            partial: "",
            capturedBy: "browser" as const
          },
          problem: ""
        }
        const record = yield* insertBookmark(account.id, 1, { derived: { ...Bookmark.emptyDerived, archive } })
        expect(record.derived.archive).toEqual(archive)
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.derived.archive)).toEqual(Option.some(archive))
        const derived: Bookmark.Derived = { ...Bookmark.emptyDerived, title: "From the copy", archive }
        yield* bookmarks.complete(record.id, { derived, processingError: "", pageText: "copy words" })
        const restarted = yield* bookmarks.restart(record.id)
        expect(Option.map(restarted, (r) => r.derived.archive)).toEqual(Option.some(archive))
        const listed = yield* bookmarks.list(account.id, query({}))
        expect(listed.map((r) => r.derived.archive)).toEqual([archive])
      })))

    it.effect("restartWithArchive: a finished bookmark back to processing with the new archive; none while processing", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        const archive = {
          copy: {
            asset: "00112233445566778899aabbccddeeff",
            takenAt: 1_790_000_000_789,
            bytes: 321,
            contentType: "text/html; charset=utf-8",
            partial: "",
            capturedBy: "browser" as const
          },
          problem: ""
        }
        expect(Option.isNone(yield* bookmarks.restartWithArchive(record.id, archive))).toBe(true)
        const derived: Bookmark.Derived = { ...Bookmark.emptyDerived, title: "Wall" }
        yield* bookmarks.complete(record.id, { derived, processingError: "x", pageText: "" })
        const restarted = yield* bookmarks.restartWithArchive(record.id, archive)
        expect(Option.map(restarted, (r) => [r.status, r.processingError, r.derived.title, r.derived.archive]))
          .toEqual(Option.some(["processing", "", "Wall", archive]))
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.derived.archive)).toEqual(Option.some(archive))
        expect(Option.isNone(yield* bookmarks.restartWithArchive(BookmarkId.make(uid("bmk_")), archive))).toBe(true)
      })))

    it.effect("records a pending reason while processing; completion replaces it; a finished bookmark keeps its own", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        const reason = "HTTP 503; next attempt at 2026-02-01T09:00:30.000Z"
        expect(yield* bookmarks.pending(record.id, reason)).toBe(true)
        expect(yield* bookmarks.get(record.id)).toEqual(Option.some({ ...record, processingError: reason }))
        const done = yield* bookmarks.complete(record.id, {
          derived: record.derived,
          processingError: "",
          pageText: ""
        })
        expect(Option.map(done, (r) => [r.status, r.processingError])).toEqual(Option.some(["ready", ""]))
        expect(yield* bookmarks.pending(record.id, "late")).toBe(false)
        expect(Option.map(yield* bookmarks.get(record.id), (r) => r.processingError)).toEqual(Option.some(""))
        expect(yield* bookmarks.pending(BookmarkId.make(uid("bmk_")), reason)).toBe(false)
      })))

    it.effect("imports a batch: file dates kept and made unique, duplicates skipped, later saves still come after", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const existing = yield* insertBookmark(account.id, 5_000, { url: "https://example.com/already" })
        const note = yield* insertBookmark(account.id, 6_000, {
          url: "",
          note: "a text note",
          derived: { ...Bookmark.emptyDerived, type: "textNote" }
        })
        const imported = (url: string, wantedAt: number, extra: Partial<ImportedBookmark> = {}): ImportedBookmark => {
          const { now: _now, ...base } = newBookmark(account.id, 0, { url, source: "import" })
          return { ...base, wantedAt, ...extra }
        }
        const batch = [
          imported("https://example.com/a", 1_000, {
            callerTags: ["x"],
            derived: { ...Bookmark.emptyDerived, title: "From the file" }
          }),
          imported("https://example.com/already", 2_000),
          imported("https://example.com/b", 5_000),
          imported("https://example.com/a", 3_000),
          imported("https://example.com/c", 1_000),
          imported("", 7_000, { note: "a text note", derived: { ...Bookmark.emptyDerived, type: "textNote" } }),
          imported("", 7_000, { note: "another text note", derived: { ...Bookmark.emptyDerived, type: "textNote" } }),
          imported("https://example.com/d", 9_000, {
            status: "ready",
            derived: { ...Bookmark.emptyDerived, title: "Restored", summary: "S." }
          }),
          // The canonical form counts (docs/import-export.md, "Duplicates"): already there, and twice in the file.
          imported("http://www.example.com/already/?utm_source=feed#top", 9_500),
          imported("https://example.com/d/", 9_600)
        ]
        const result = yield* bookmarks.insertImported(account.id, batch, "skip")
        expect(result.duplicates).toEqual([1, 3, 5, 8, 9])
        expect(result.inserted.map((r) => [r.url, r.createdAt])).toEqual([
          ["https://example.com/a", 1_000],
          // 5,000 is taken by the bookmark already there; 1,000 by the first row of the batch.
          ["https://example.com/b", 5_001],
          ["https://example.com/c", 1_001],
          ["", 7_000],
          ["https://example.com/d", 9_000]
        ])
        for (const row of result.inserted) expect(yield* bookmarks.get(row.id)).toEqual(Option.some(row))
        expect(
          Option.map(
            yield* bookmarks.get(Arr.getUnsafe(result.inserted, 0).id),
            (r) => [r.source, r.callerTags, r.derived.title]
          )
        )
          .toEqual(Option.some(["import", ["x"], "From the file"]))
        expect(
          Option.map(yield* bookmarks.get(Arr.getUnsafe(result.inserted, 4).id), (r) => [r.status, r.derived.summary])
        )
          .toEqual(Option.some(["ready", "S."]))
        // A later save comes after every row, so the cursor order stays a strict order.
        const later = yield* insertBookmark(account.id, 8_000)
        expect(later.createdAt).toBe(9_001)
        const all = yield* bookmarks.list(account.id, query({ limit: "100" }))
        expect(all.map((r) => r.createdAt)).toEqual([9_001, 9_000, 7_000, 6_000, 5_001, 5_000, 1_001, 1_000])
        expect([existing.createdAt, note.createdAt]).toEqual([5_000, 6_000])
        const again = yield* bookmarks.insertImported(account.id, [imported("https://example.com/b", 1)], "skip")
        expect(again).toEqual({ inserted: [], duplicates: [0] })
      })))

    it.effect("imports a batch keeping duplicates: every row saved, with its own tags and note", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        yield* insertBookmark(account.id, 5_000, { url: "https://example.com/twice" })
        const imported = (url: string, wantedAt: number, extra: Partial<ImportedBookmark> = {}): ImportedBookmark => {
          const { now: _now, ...base } = newBookmark(account.id, 0, { url, source: "import" })
          return { ...base, wantedAt, ...extra }
        }
        const result = yield* bookmarks.insertImported(account.id, [
          imported("https://example.com/twice", 1_000, { callerTags: ["first"], note: "one" }),
          imported("https://example.com/twice", 2_000, { callerTags: ["second"], note: "two" }),
          imported("", 3_000, { note: "same text", derived: { ...Bookmark.emptyDerived, type: "textNote" } }),
          imported("", 4_000, { note: "same text", derived: { ...Bookmark.emptyDerived, type: "textNote" } })
        ], "keep")
        expect(result.duplicates).toEqual([])
        expect(result.inserted.map((r) => [r.url, r.note, r.callerTags])).toEqual([
          ["https://example.com/twice", "one", ["first"]],
          ["https://example.com/twice", "two", ["second"]],
          ["", "same text", []],
          ["", "same text", []]
        ])
        const all = yield* bookmarks.list(account.id, query({ limit: "100" }))
        expect(all.filter((r) => r.url === "https://example.com/twice").length).toBe(3)
      })))

    it.effect("merges app edits into overrides; they win in filters and search", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1, { callerTags: ["old"] })
        yield* bookmarks.edit(record.id, { title: "Harpsichord notes" })
        const edited = yield* bookmarks.edit(record.id, { tags: ["new"] })
        expect(Option.map(edited, (r) => r.overrides)).toEqual(
          Option.some({ title: "Harpsichord notes", tags: ["new"] })
        )
        expect(Option.map(edited, (r) => Bookmark.effective(r).tags)).toEqual(Option.some(["new"]))
        const ids = (params: Pagination.ListParams) =>
          Effect.map(bookmarks.list(account.id, query(params)), (rows) => rows.map((r) => r.id))
        expect(yield* ids({ tag: "new" })).toEqual([record.id])
        expect(yield* ids({ tag: "old" })).toEqual([])
        expect(yield* ids({ q: "harpsichord" })).toEqual([record.id])
        expect(Option.isNone(yield* bookmarks.edit(BookmarkId.make(uid("bmk_")), { title: "x" }))).toBe(true)
      })))

    it.effect("keeps a person's verdicts on generated tags: accepted stay, dropped go, in reads, filters and counts", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1, {
          callerTags: ["mine"],
          derived: { ...Bookmark.emptyDerived, tags: ["harbour", "keepers", "lighthouse"] }
        })
        yield* bookmarks.edit(record.id, { acceptedTags: ["harbour"] })
        const edited = yield* bookmarks.edit(record.id, { droppedTags: ["keepers"] })
        expect(Option.map(edited, (r) => r.overrides)).toEqual(
          Option.some({ acceptedTags: ["harbour"], droppedTags: ["keepers"] })
        )
        const read = Option.getOrThrow(yield* bookmarks.get(record.id))
        expect(read.overrides).toEqual({ acceptedTags: ["harbour"], droppedTags: ["keepers"] })
        expect(Bookmark.effective(read).tags).toEqual(["mine", "harbour", "lighthouse"])
        expect(Bookmark.generatedTags(read)).toEqual(["lighthouse"])
        const ids = (params: Pagination.ListParams) =>
          Effect.map(bookmarks.list(account.id, query(params)), (rows) => rows.map((r) => r.id))
        expect(yield* ids({ tag: "keepers" })).toEqual([])
        expect(yield* ids({ tag: "harbour" })).toEqual([record.id])
        expect((yield* bookmarks.tags(account.id)).map((t) => t.tag).sort()).toEqual(["harbour", "lighthouse", "mine"])
      })))

    it.effect("counts effective tags ignoring case, in the newest spelling, most used first", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        yield* insertBookmark(account.id, 10, { callerTags: ["rust", "Web"] })
        yield* insertBookmark(account.id, 20, {
          callerTags: ["Rust"],
          derived: { ...Bookmark.emptyDerived, tags: ["ünïcode", "web"] }
        })
        const edited = yield* insertBookmark(account.id, 30, { callerTags: ["RUST", "gone"] })
        yield* bookmarks.edit(edited.id, { tags: ["Ünïcode", "zebra"] })
        yield* insertBookmark(account.id, 40, { callerTags: ["apple"] })
        yield* insertBookmark(other.id, 50, { callerTags: ["rust", "other"] })
        expect(yield* bookmarks.tags(account.id)).toEqual([
          { tag: "Rust", count: 2 },
          { tag: "web", count: 2 },
          { tag: "Ünïcode", count: 2 },
          { tag: "apple", count: 1 },
          { tag: "zebra", count: 1 }
        ])
        expect(yield* bookmarks.tags((yield* newAccount()).id)).toEqual([])
      })))

    it.effect("an edited type wins in reads and in the type filter", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        const edited = yield* bookmarks.edit(record.id, { type: "article" })
        expect(Option.map(edited, (r) => Bookmark.effective(r).type)).toEqual(Option.some("article"))
        const got = yield* bookmarks.get(record.id)
        expect(Option.map(got, (r) => Bookmark.effective(r).type)).toEqual(Option.some("article"))
        const ids = (type: string) =>
          Effect.map(bookmarks.list(account.id, query({ type })), (rows) => rows.map((r) => r.id))
        expect(yield* ids("article")).toEqual([record.id])
        expect(yield* ids("website")).toEqual([])
      })))

    it.effect("restarts a finished bookmark once (a refresh); a processing or unknown one is left alone", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const record = yield* insertBookmark(account.id, 1)
        expect(Option.isNone(yield* bookmarks.restart(record.id))).toBe(true)
        yield* bookmarks.complete(record.id, {
          derived: { ...Bookmark.emptyDerived, title: "Derived" },
          processingError: "HTTP 500",
          pageText: "text"
        })
        yield* bookmarks.edit(record.id, { title: "Mine" })
        const restarted = yield* bookmarks.restart(record.id)
        expect(
          Option.map(restarted, (r) => [r.status, r.processingError, Bookmark.effective(r).title, r.derived.title])
        )
          .toEqual(Option.some(["processing", "", "Mine", "Derived"]))
        expect(Option.isNone(yield* bookmarks.restart(record.id))).toBe(true)
        expect(Option.isNone(yield* bookmarks.restart(BookmarkId.make(uid("bmk_"))))).toBe(true)
      })))

    it.effect("deletes a bookmark: gone from reads, lists and search; a second delete finds nothing", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const gone = yield* insertBookmark(account.id, 1, { note: "zeppelin" })
        const kept = yield* insertBookmark(account.id, 2, { note: "zeppelin" })
        expect(yield* bookmarks.delete(gone.id)).toBe(true)
        expect(Option.isNone(yield* bookmarks.get(gone.id))).toBe(true)
        const ids = yield* Effect.map(
          bookmarks.list(account.id, query({ q: "zeppelin" })),
          (rows) => rows.map((r) => r.id)
        )
        expect(ids).toEqual([kept.id])
        expect(yield* bookmarks.delete(gone.id)).toBe(false)
      })))
  })
