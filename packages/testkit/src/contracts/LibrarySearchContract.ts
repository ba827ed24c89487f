/**
 * Contract of the Bookmarks port, part two (docs/search.md): the search language in `list`, the person's states,
 * duplicates by canonical URL and their merge.
 */
import { type Accounts, Bookmark, BookmarkId, Bookmarks, Highlights, Lists, Pagination } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import { highlightRecord } from "./HighlightsContract.js"
import { listRecord } from "./ListsContract.js"
import { insertBookmark, newAccount, uid } from "./Support.js"

const query = (q: string): Pagination.ListQuery => Result.getOrThrow(Pagination.parseListQuery({ q, limit: "100" }))

const day = (iso: string) => Date.parse(`${iso}T12:00:00.000Z`)

export const librarySearchContract = <E>(
  name: string,
  layer: Layer.Layer<Accounts | Bookmarks | Lists | Highlights, E>
) =>
  describe(`Bookmarks search, states and duplicates contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks | Lists | Highlights>) =>
      effect.pipe(Effect.provide(layer))
    const d = Bookmark.emptyDerived

    it.effect("reads every operator of the search language, alone and combined", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const rust = yield* insertBookmark(account.id, day("2025-06-01"), {
          url: "https://blog.rust-lang.org/2025/news",
          callerTags: ["Rust", "reading list"],
          derived: { ...d, title: "Rust release notes", type: "article" }
        })
        const go = yield* insertBookmark(account.id, day("2025-12-31"), {
          url: "https://www.go.dev/doc",
          callerTags: ["go"],
          note: "the borrow checker is not here"
        })
        const note = yield* insertBookmark(account.id, day("2026-02-01"), {
          url: "",
          note: "Cooking rust off cast iron",
          derived: { ...d, type: "textNote" }
        })
        const lookalike = yield* insertBookmark(account.id, day("2026-03-01"), {
          url: "https://notrust-lang.org/",
          derived: { ...d, title: "Borrowed words" }
        })
        yield* insertBookmark(other.id, day("2025-06-01"), {
          url: "https://blog.rust-lang.org/2025/news",
          callerTags: ["rust"]
        })
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("#rust")).toEqual([rust.id])
        expect(yield* ids("#RUST")).toEqual([rust.id])
        expect(yield* ids("#\"reading list\"")).toEqual([rust.id])
        expect(yield* ids("-#rust")).toEqual([lookalike.id, note.id, go.id])
        expect(yield* ids("site:rust-lang.org")).toEqual([rust.id])
        expect(yield* ids("site:blog.rust-lang.org")).toEqual([rust.id])
        expect(yield* ids("site:go.dev")).toEqual([go.id])
        expect(yield* ids("site:www.go.dev")).toEqual([go.id])
        expect(yield* ids("site:dev")).toEqual([go.id])
        expect(yield* ids("type:article")).toEqual([rust.id])
        expect(yield* ids("type:textNote")).toEqual([note.id])
        expect(yield* ids("before:2026-01-01")).toEqual([go.id, rust.id])
        expect(yield* ids("after:2025-12-31")).toEqual([lookalike.id, note.id])
        expect(yield* ids("after:2025-12-30 before:2026-02-01")).toEqual([go.id])
        expect(yield* ids("rust")).toEqual([note.id, rust.id])
        expect(yield* ids("rust -cooking")).toEqual([rust.id])
        expect(yield* ids("\"borrow checker\"")).toEqual([go.id])
        expect(yield* ids("cooking OR #go")).toEqual([note.id, go.id])
        expect(yield* ids("(#rust OR #go) before:2025-12-01")).toEqual([rust.id])
        expect(yield* ids("-(#rust OR #go) -type:textNote")).toEqual([lookalike.id])
        expect(yield* ids("#rust site:rust-lang.org type:article")).toEqual([rust.id])
        expect(yield* ids("borrow #go")).toEqual([go.id])
        expect(yield* ids("borrow")).toEqual([lookalike.id, go.id])
        expect(yield* ids("++")).toEqual([])
        expect(yield* ids("-")).toEqual([])
      })))

    it.effect("reads list:\"Name\": the list and every list below it, case ignored; an unknown name finds nothing", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const lists = yield* Lists
        const account = yield* newAccount()
        const other = yield* newAccount()
        const reading = listRecord(account.id, { name: "Reading list" })
        const papers = listRecord(account.id, { name: "Papers", parentId: reading.id })
        const deep = listRecord(account.id, { name: "Deep", parentId: papers.id })
        const cooking = listRecord(account.id, { name: "Cooking" })
        const foreign = listRecord(other.id, { name: "Elsewhere" })
        for (const list of [reading, papers, deep, cooking, foreign]) {
          expect(yield* lists.insert(list, 10)).toBe("inserted")
        }
        const r = yield* insertBookmark(account.id, 10, { url: "https://r.example/", callerTags: ["x"] })
        const p = yield* insertBookmark(account.id, 20, { url: "https://p.example/" })
        const dp = yield* insertBookmark(account.id, 30, { url: "https://d.example/", callerTags: ["x"] })
        const c = yield* insertBookmark(account.id, 40, { url: "https://c.example/" })
        const none = yield* insertBookmark(account.id, 50, { url: "https://none.example/" })
        const theirs = yield* insertBookmark(other.id, 60, { url: "https://r.example/" })
        yield* lists.add(reading.id, [r.id, c.id], 1)
        yield* lists.add(papers.id, [p.id], 1)
        yield* lists.add(deep.id, [dp.id], 1)
        yield* lists.add(cooking.id, [c.id], 1)
        yield* lists.add(foreign.id, [theirs.id], 1)
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((x) => x.id))
        expect(yield* ids("list:\"Reading list\"")).toEqual([c.id, dp.id, p.id, r.id])
        expect(yield* ids("list:\"  READING   list \"")).toEqual([c.id, dp.id, p.id, r.id])
        expect(yield* ids("list:Papers")).toEqual([dp.id, p.id])
        expect(yield* ids("list:deep")).toEqual([dp.id])
        expect(yield* ids("-list:\"Reading list\"")).toEqual([none.id])
        expect(yield* ids("list:Cooking OR list:Deep")).toEqual([c.id, dp.id])
        expect(yield* ids("list:Papers #x")).toEqual([dp.id])
        expect(yield* ids("list:\"Reading list\" -list:Cooking before:1970-01-01")).toEqual([])
        expect(yield* ids("list:Nowhere")).toEqual([])
        expect(yield* ids("-list:Nowhere")).toEqual([none.id, c.id, dp.id, p.id, r.id])
        expect(yield* ids("list:Elsewhere")).toEqual([])
        // The answer follows the lists as they change: a member taken out, a list deleted (its sublists move up).
        yield* lists.remove(deep.id, [dp.id])
        expect(yield* ids("list:Papers")).toEqual([p.id])
        yield* lists.add(deep.id, [dp.id], 2)
        expect(yield* lists.delete(papers.id)).toBe(true)
        expect(yield* ids("list:Papers")).toEqual([])
        expect(yield* ids("list:\"Reading list\"")).toEqual([c.id, dp.id, r.id])
        yield* bookmarks.delete(c.id)
        expect(yield* ids("list:\"Reading list\"")).toEqual([dp.id, r.id])
      })))

    it.effect("is:highlighted; the words of a highlight's quote and note find its bookmark (not with `-`)", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const highlights = yield* Highlights
        const account = yield* newAccount()
        const other = yield* newAccount()
        const marked = yield* insertBookmark(account.id, 10, { derived: { ...d, title: "Sea creatures" } })
        const plain = yield* insertBookmark(account.id, 20, { derived: { ...d, title: "Octopuses in recipes" } })
        const theirs = yield* insertBookmark(other.id, 30)
        yield* highlights.insert(
          highlightRecord(account.id, marked.id, { exact: "Octopuses have three hearts", note: "ask Ana" }),
          10
        )
        yield* highlights.insert(highlightRecord(other.id, theirs.id, { exact: "squid ink" }), 10)
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("is:highlighted")).toEqual([marked.id])
        expect(yield* ids("-is:highlighted")).toEqual([plain.id])
        expect(yield* ids("hearts")).toEqual([marked.id])
        expect(yield* ids("ana")).toEqual([marked.id])
        expect(yield* ids("\"three hearts\"")).toEqual([marked.id])
        expect(yield* ids("octopuses")).toEqual([plain.id, marked.id])
        expect(yield* ids("squid")).toEqual([])
        expect(yield* ids("hearts is:highlighted sea")).toEqual([])
        expect(yield* ids("creatures is:highlighted")).toEqual([marked.id])
        expect(yield* ids("-hearts")).toEqual([plain.id, marked.id])
      })))

    it.effect("keeps favourite and archived per bookmark; unread is not archived; broken and processing", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const a = yield* insertBookmark(account.id, 10, { url: "https://a.example/" })
        const b = yield* insertBookmark(account.id, 20, { url: "https://b.example/" })
        const c = yield* insertBookmark(account.id, 30, { url: "https://c.example/" })
        yield* bookmarks.complete(c.id, { derived: d, processingError: "HTTP 404", pageText: "" })
        yield* bookmarks.complete(b.id, { derived: d, processingError: "", pageText: "" })
        const starred = yield* bookmarks.setStates(a.id, { favourite: true })
        expect(Option.map(starred, (r) => [r.favourite, r.archived])).toEqual(Option.some([true, undefined]))
        yield* bookmarks.setStates(b.id, { archived: true, favourite: true })
        yield* bookmarks.setStates(b.id, { favourite: false })
        expect(Option.map(yield* bookmarks.get(b.id), (r) => [r.favourite, r.archived])).toEqual(
          Option.some([undefined, true])
        )
        expect(Option.map(yield* bookmarks.get(a.id), (r) => r.favourite)).toEqual(Option.some(true))
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("is:favourite")).toEqual([a.id])
        expect(yield* ids("is:archived")).toEqual([b.id])
        expect(yield* ids("is:unread")).toEqual([c.id, a.id])
        expect(yield* ids("-is:favourite is:unread")).toEqual([c.id])
        expect(yield* ids("is:failed")).toEqual([c.id])
        expect(yield* ids("is:broken")).toEqual([])
        expect(yield* ids("is:processing")).toEqual([a.id])
        // An edit and a completion keep the states.
        yield* bookmarks.edit(b.id, { title: "Edited" })
        expect(yield* ids("is:archived")).toEqual([b.id])
        expect(Option.isNone(yield* bookmarks.setStates(BookmarkId.make(uid("bmk_")), { favourite: true }))).toBe(true)
      })))

    it.effect("knows duplicates by canonical URL: sameUrl, is:duplicate and groups, per account", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const first = yield* insertBookmark(account.id, 10, { url: "https://www.news.example/story?id=7&utm_source=x" })
        const second = yield* insertBookmark(account.id, 20, { url: "http://news.example/story/?id=7#comments" })
        const alone = yield* insertBookmark(account.id, 30, { url: "https://news.example/story?id=8" })
        const pairA = yield* insertBookmark(account.id, 40, { url: "https://docs.example/a?b=2&a=1" })
        const pairB = yield* insertBookmark(account.id, 50, { url: "https://docs.example:443/a?a=1&b=2&fbclid=z" })
        yield* insertBookmark(account.id, 60, { url: "", note: "same text", derived: { ...d, type: "textNote" } })
        yield* insertBookmark(account.id, 70, { url: "", note: "same text", derived: { ...d, type: "textNote" } })
        yield* insertBookmark(other.id, 80, { url: "https://news.example/story?id=8" })
        const same = yield* bookmarks.sameUrl(account.id, "https://news.example/story/?id=7", 10)
        expect(same.map((r) => r.id)).toEqual([second.id, first.id])
        expect(yield* bookmarks.sameUrl(account.id, "https://news.example/story?id=9", 10)).toEqual([])
        expect(yield* bookmarks.sameUrl(account.id, "", 10)).toEqual([])
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("is:duplicate")).toEqual([pairB.id, pairA.id, second.id, first.id])
        expect(yield* ids("-is:duplicate site:news.example")).toEqual([alone.id])
        const groups = yield* bookmarks.duplicateGroups(account.id, 10)
        expect(groups.map((group) => group.map((r) => r.id))).toEqual([[pairA.id, pairB.id], [first.id, second.id]])
        expect((yield* bookmarks.duplicateGroups(account.id, 1)).length).toBe(1)
        expect(yield* bookmarks.duplicateGroups(other.id, 10)).toEqual([])
      })))

    it.effect("knows the same content under different URLs: is:duplicate, groups joined with URL groups, merge", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const article = "An article long enough to be told apart from a sign-in page. ".repeat(5)
        const read = (url: string, at: number, pageText: string) =>
          Effect.gen(function*() {
            const saved = yield* insertBookmark(account.id, at, { url })
            yield* bookmarks.complete(saved.id, { derived: d, processingError: "", pageText })
            return saved
          })
        const original = yield* read("https://news.example/story", 10, article)
        const mirror = yield* read("https://mirror.example/copy", 20, `  ${article.toUpperCase()}\n\n`)
        const again = yield* read("https://news.example/story/?utm_source=x", 30, "")
        const shortA = yield* read("https://a.example/login", 40, "Please sign in")
        yield* read("https://b.example/login", 50, "Please sign in")
        const other = yield* read("https://other.example/", 60, `${article} And more.`)
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("is:duplicate")).toEqual([again.id, mirror.id, original.id])
        expect(yield* ids("-is:duplicate")).toEqual([other.id, expect.any(String), shortA.id])
        // The mirror shares the text, the second save the URL: one group of three, merged in one step.
        const groups = yield* bookmarks.duplicateGroups(account.id, 10)
        expect(groups.map((group) => group.map((r) => r.id))).toEqual([[original.id, mirror.id, again.id]])
        const merged = yield* bookmarks.merge(account.id, [mirror.id, original.id, again.id])
        expect(Option.map(merged, (m) => m.kept.id)).toEqual(Option.some(original.id))
        expect(yield* ids("is:duplicate")).toEqual([])
        expect(yield* bookmarks.duplicateGroups(account.id, 10)).toEqual([])
      })))

    it.effect("merges in one step: the earliest kept with every tag and note, the others gone", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const stranger = yield* newAccount()
        const url = "https://merge.example/page"
        const oldest = yield* insertBookmark(account.id, 10, { url, callerTags: ["a", "Shared"], note: "first" })
        const middle = yield* insertBookmark(account.id, 20, {
          url: `${url}/`,
          callerTags: ["shared", "b"],
          note: "first"
        })
        const newest = yield* insertBookmark(account.id, 30, { url: `${url}?utm_medium=x`, note: "second" })
        yield* bookmarks.setStates(newest.id, { favourite: true, archived: true })
        const foreign = yield* insertBookmark(stranger.id, 40, { url })
        const refused = yield* bookmarks.merge(account.id, [oldest.id, foreign.id])
        expect(Option.isNone(refused)).toBe(true)
        expect(Option.isSome(yield* bookmarks.get(foreign.id))).toBe(true)
        const merged = yield* bookmarks.merge(account.id, [newest.id, oldest.id, middle.id])
        const kept = Option.getOrThrow(Option.map(merged, (m) => m.kept))
        expect(kept.id).toBe(oldest.id)
        expect(kept.createdAt).toBe(10)
        expect(Bookmark.effective(kept).tags).toEqual(["a", "Shared", "b"])
        expect(Bookmark.effective(kept).note).toBe("first\n\nsecond")
        expect([kept.favourite, kept.archived]).toEqual([true, undefined])
        expect(Option.map(merged, (m) => m.removed.map((r) => r.id).sort())).toEqual(
          Option.some([middle.id, newest.id].sort())
        )
        expect(yield* bookmarks.get(oldest.id)).toEqual(Option.some(kept))
        expect(Option.isNone(yield* bookmarks.get(middle.id))).toBe(true)
        expect(Option.isNone(yield* bookmarks.get(newest.id))).toBe(true)
        const tagged = yield* bookmarks.list(account.id, query("#b"))
        expect(tagged.map((r) => r.id)).toEqual([oldest.id])
        expect(yield* bookmarks.duplicateGroups(account.id, 10)).toEqual([])
        expect(Option.isNone(yield* bookmarks.merge(account.id, [middle.id]))).toBe(true)
      })))

    it.effect("merges without losing highlights or list memberships: they move to the kept bookmark", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const highlights = yield* Highlights
        const lists = yield* Lists
        const account = yield* newAccount()
        const url = "https://merge.example/marked"
        const oldest = yield* insertBookmark(account.id, 10, { url })
        const middle = yield* insertBookmark(account.id, 20, { url: `${url}/` })
        const newest = yield* insertBookmark(account.id, 30, { url: `${url}?utm_source=x` })
        const own = highlightRecord(account.id, oldest.id, { exact: "kept words", createdAt: 1 })
        const moved = highlightRecord(account.id, middle.id, {
          exact: "moved words",
          note: "a thought",
          prefix: "the ",
          suffix: " here",
          start: 40,
          end: 51,
          createdAt: 2
        })
        const alsoMoved = highlightRecord(account.id, newest.id, { exact: "later words", start: 90, end: 101 })
        for (const h of [own, moved, alsoMoved]) expect(yield* highlights.insert(h, 10)).toBe("inserted")
        // `both` holds the kept bookmark and one merged away; `reading` two merged away; `other` none of them.
        const both = listRecord(account.id, { name: "Both" })
        const reading = listRecord(account.id, { name: "Reading" })
        const other = listRecord(account.id, { name: "Other" })
        for (const list of [both, reading, other]) expect(yield* lists.insert(list, 10)).toBe("inserted")
        const bystander = yield* insertBookmark(account.id, 40, { url: "https://elsewhere.example/" })
        yield* lists.add(both.id, [oldest.id, middle.id], 5)
        yield* lists.add(reading.id, [newest.id], 6)
        yield* lists.add(reading.id, [middle.id], 7)
        yield* lists.add(other.id, [bystander.id], 8)
        const merged = yield* bookmarks.merge(account.id, [newest.id, middle.id, oldest.id])
        expect(Option.map(merged, (m) => m.kept.id)).toEqual(Option.some(oldest.id))
        // Every highlight now hangs on the kept bookmark, anchors untouched (the reader re-anchors them).
        const marks = yield* highlights.ofBookmark(oldest.id)
        expect(marks).toEqual([own, { ...moved, bookmarkId: oldest.id }, { ...alsoMoved, bookmarkId: oldest.id }])
        expect(yield* highlights.ofBookmark(middle.id)).toEqual([])
        expect(yield* highlights.get(moved.id)).toEqual(Option.some({ ...moved, bookmarkId: oldest.id }))
        const ids = (q: string) => Effect.map(bookmarks.list(account.id, query(q)), (rows) => rows.map((r) => r.id))
        expect(yield* ids("thought")).toEqual([oldest.id])
        expect(yield* ids("is:highlighted")).toEqual([oldest.id])
        // One membership per list, counts right, the kept bookmark in every list any of them was in.
        expect([...(yield* lists.listsOf(oldest.id))].sort()).toEqual([both.id, reading.id].sort())
        const counts = (yield* lists.list(account.id)).map((l) => [l.name, l.count])
        expect(counts).toEqual([["Both", 1], ["Other", 1], ["Reading", 1]])
        const page = (id: typeof both.id) =>
          Effect.map(lists.page(id, { before: Option.none(), limit: 10 }), (rows) => rows.map((r) => r.id))
        expect(yield* page(both.id)).toEqual([oldest.id])
        expect(yield* page(reading.id)).toEqual([oldest.id])
        expect(yield* page(other.id)).toEqual([bystander.id])
        expect(yield* ids("list:Reading")).toEqual([oldest.id])
        expect(yield* lists.memberIds([both.id, reading.id])).toEqual([oldest.id])
      })))
  })
