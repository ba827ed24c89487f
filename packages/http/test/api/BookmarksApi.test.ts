import { Bookmark, BookmarkId, Bookmarks, Page, ReviewResult } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import * as T from "../support/TestServer.js"

const spec21 = [
  "createdAt",
  "description",
  "favicon",
  "id",
  "image",
  "note",
  "screenshot",
  "summary",
  "tags",
  "title",
  "type",
  "url"
]

layer(T.layer)("BookmarksApi", (it) => {
  describe("POST /v1/api/bookmarks", () => {
    it.effect("answers 201 with exactly the acknowledgement and a Location that reads it back", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const created = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/article", tags: ["reading", "later"], note: "for the weekend" }
        })
        expect(created.status).toBe(201)
        expect(T.keys(created.body)).toEqual(["id", "status", "url"])
        const ack = T.decode(Bookmark.Ack, created)
        expect(ack).toMatchObject({ url: "https://example.com/article", status: "processing" })
        expect(created.headers.get("location")).toBe(`/v1/api/bookmarks/${ack.id}`)

        const read = yield* T.request("GET", created.headers.get("location") ?? "", { key })
        expect(read.status).toBe(200)
        const full = T.decode(Bookmark.Bookmark, read)
        expect(full).toMatchObject({
          id: ack.id,
          tags: ["reading", "later"],
          note: "for the weekend",
          status: "processing"
        })
      }))

    it.effect("takes tags as a comma-separated string", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const created = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/", tags: " news, Tech ,news," }
        })
        const { id } = T.decode(Bookmark.Ack, created)
        const read = yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key })
        expect(T.decode(Bookmark.Bookmark, read).tags).toEqual(["news", "Tech"])
      }))

    it.effect("is not idempotent: the same save twice makes two bookmarks", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const first = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/twice" } })
        const second = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/twice" }
        })
        expect(T.decode(Bookmark.Ack, first).id).not.toBe(T.decode(Bookmark.Ack, second).id)
        const page = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks", { key }))
        expect(page.bookmarks.map((b) => b.url)).toEqual(["https://example.com/twice", "https://example.com/twice"])
      }))

    it.effect("rejects a missing or unusable url with a 400 naming the field, and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const missing = T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: { tags: "x" } }), 400)
        expect(missing).toMatchObject({ code: "invalid_input", field: "url" })
        const ftp = T.problem(
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "ftp://example.com/" } }),
          400
        )
        expect(ftp).toMatchObject({ code: "invalid_input", field: "url" })
        const tags = T.problem(
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://e.com", tags: 5 } }),
          400
        )
        expect(tags).toMatchObject({ field: "tags" })
        const page = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks", { key }))
        expect(page.bookmarks).toEqual([])
      }))
  })

  describe("GET /v1/api/bookmarks/:id", () => {
    it.effect("returns every field of a bookmark in docs/api.md, including status, processingError, generatedTags", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { id } = T.decode(
          Bookmark.Ack,
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } })
        )
        const read = yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key })
        expect(T.keys(read.body)).toEqual(
          [
            ...spec21,
            "generatedTags",
            "processingError",
            "status",
            "archive",
            "archivedAt",
            "archiveProblem",
            "archived",
            "favourite",
            "linkHealth",
            "linkCheckedAt",
            "movedTo",
            "highlights"
          ].sort()
        )
        const full = T.decode(Bookmark.Bookmark, read)
        expect(full.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
        expect(full.processingError).toBe("")
        expect([full.favourite, full.archived]).toEqual([false, false])
        expect([full.linkHealth, full.linkCheckedAt, full.movedTo]).toEqual(["", "", ""])
      }))

    it.effect("answers 404 for an unknown id and 403 for another account's bookmark", () =>
      Effect.gen(function*() {
        const owner = yield* T.account()
        const other = yield* T.account()
        const { id } = T.decode(
          Bookmark.Ack,
          yield* T.request("POST", "/v1/api/bookmarks", { key: owner.key, json: { url: "https://example.com/mine" } })
        )
        expect(T.problem(yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key: other.key }), 403).code).toBe(
          "forbidden"
        )
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks/bmk_unknown", { key: owner.key }), 404).code).toBe(
          "not_found"
        )
      }))
  })

  describe("GET /v1/api/bookmarks", () => {
    it.effect("lists rows newest first with at least the list-row fields, and pages with nextBefore", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        for (const n of [1, 2, 3]) {
          yield* T.request("POST", "/v1/api/bookmarks", {
            key,
            json: { url: `https://example.com/${n}`, tags: n === 2 ? "two" : [] }
          })
        }
        const first = yield* T.request("GET", "/v1/api/bookmarks?limit=2", { key })
        expect(first.status).toBe(200)
        expect(T.keys(first.body)).toEqual(["bookmarks", "nextBefore"])
        const page = T.decode(Page, first)
        expect(page.bookmarks.map((b) => b.url)).toEqual(["https://example.com/3", "https://example.com/2"])
        for (const row of page.bookmarks) {
          expect(T.keys(row)).toEqual(expect.arrayContaining(["id", "url", "title", "type", "tags", "createdAt"]))
        }
        expect(page.nextBefore).toBe(page.bookmarks[1]?.createdAt)

        const rest = T.decode(
          Page,
          yield* T.request("GET", `/v1/api/bookmarks?limit=2&before=${encodeURIComponent(page.nextBefore ?? "")}`, {
            key
          })
        )
        expect(rest.bookmarks.map((b) => b.url)).toEqual(["https://example.com/1"])
        expect(rest.nextBefore).toBeNull()

        const tagged = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks?tag=two&type=website", { key }))
        expect(tagged.bookmarks.map((b) => b.url)).toEqual(["https://example.com/2"])
      }))

    it.effect("filters by link health (health=broken|gone|unreachable|moved) and shows it on the full bookmark", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const save = (url: string) =>
          Effect.map(
            T.request("POST", "/v1/api/bookmarks", { key, json: { url } }),
            (created) => T.decode(Bookmark.Ack, created).id
          )
        const gone = yield* save("https://example.com/gone")
        const moved = yield* save("https://example.com/moved")
        const down = yield* save("https://example.com/down")
        yield* save("https://example.com/fine")
        const bookmarks = yield* Bookmarks
        const at = Date.UTC(2026, 10, 1)
        yield* bookmarks.recordLinkCheck(gone, { state: "gone", checkedAt: at, failures: 0 }, at)
        yield* bookmarks.recordLinkCheck(
          moved,
          { state: "moved", checkedAt: at, failures: 0, movedTo: "https://example.org/new" },
          at
        )
        yield* bookmarks.recordLinkCheck(down, { state: "unreachable", checkedAt: at, failures: 3 }, at)
        const urls = (query: string) =>
          Effect.map(
            T.request("GET", `/v1/api/bookmarks?${query}`, { key }),
            (answer) => T.decode(Page, answer).bookmarks.map((b) => b.url)
          )
        expect(yield* urls("health=broken")).toEqual(["https://example.com/down", "https://example.com/gone"])
        expect(yield* urls("health=gone")).toEqual(["https://example.com/gone"])
        expect(yield* urls("health=unreachable")).toEqual(["https://example.com/down"])
        expect(yield* urls("health=moved")).toEqual(["https://example.com/moved"])
        expect(yield* urls("health=broken&q=down")).toEqual(["https://example.com/down"])
        expect(yield* urls("q=is%3Abroken")).toEqual(["https://example.com/down", "https://example.com/gone"])
        expect(yield* urls("health=")).toHaveLength(4)
        const full = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${moved}`, { key }))
        expect([full.linkHealth, full.linkCheckedAt, full.movedTo]).toEqual([
          "moved",
          "2026-11-01T00:00:00.000Z",
          "https://example.org/new"
        ])
        const refused = T.problem(yield* T.request("GET", "/v1/api/bookmarks?health=ok", { key }), 400)
        expect(refused).toMatchObject({ field: "health" })
        expect(JSON.stringify(refused)).toContain("broken, moved, gone, unreachable")
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?health=gone&health=moved", { key }), 400))
          .toMatchObject({ field: "health" })
      }))

    it.effect("rejects bad query parameters with a 400 naming the parameter", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?limit=0", { key }), 400)).toMatchObject({
          field: "limit"
        })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?limit=1&limit=2", { key }), 400)).toMatchObject({
          field: "limit"
        })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?type=song", { key }), 400)).toMatchObject({
          field: "type"
        })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?before=yesterday", { key }), 400)).toMatchObject({
          field: "before"
        })
      }))

    it.effect("reads the search language in q; a query it cannot read is a 400 invalid_query with the offset", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        for (const url of ["https://www.example.com/a", "https://blog.example.org/b"]) {
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url, tags: ["keep"] } })
        }
        const found = T.decode(
          Page,
          yield* T.request("GET", `/v1/api/bookmarks?q=${encodeURIComponent("#keep site:example.org")}`, { key })
        )
        expect(found.bookmarks.map((b) => b.url)).toEqual(["https://blog.example.org/b"])
        const search = (q: string) => T.request("GET", `/v1/api/bookmarks?q=${encodeURIComponent(q)}`, { key })
        expect(T.problem(yield* search("  rust go)"), 400)).toMatchObject({
          code: "invalid_query",
          field: "q",
          offset: 9,
          detail: "q: This parenthesis closes nothing (at character 10)"
        })
        expect(T.problem(yield* search("is:shiny"), 400)).toMatchObject({ code: "invalid_query", offset: 0 })
        // `list:` names a list of the account; an unknown name finds nothing (docs/search.md, "Lists in a query").
        const urls = (answer: typeof found) => answer.bookmarks.map((b) => b.url)
        expect(urls(T.decode(Page, yield* search("list:\"Reading\"")))).toEqual([])
        const list = yield* T.request("POST", "/v1/api/lists", { key, json: { name: "Reading" } })
        const { id: listId } = T.decode(Schema.Struct({ id: Schema.String }), list)
        const [first] = found.bookmarks
        yield* T.request("POST", `/v1/api/lists/${listId}/bookmarks`, { key, json: { bookmarkIds: [first?.id] } })
        expect(urls(T.decode(Page, yield* search("list:reading #keep")))).toEqual(["https://blog.example.org/b"])
        expect(urls(T.decode(Page, yield* search("-list:\"Reading\"")))).toEqual(["https://www.example.com/a"])
        expect(T.problem(yield* search("list:"), 400)).toMatchObject({ code: "invalid_query", offset: 0 })
        // Hostile queries: each answered 200 or 400, never a server error.
        const hostile = ["((((", ")))", "\"", "-", "--a", "OR OR", "#", "site:\"", "is:", "()", "a:b:c", "\\(", "😀)"]
        for (const q of [...hostile, "(".repeat(200), "-".repeat(300)]) {
          const answer = yield* search(q)
          expect([200, 400], q).toContain(answer.status)
        }
      }))
  })

  describe("POST /v1/api/bookmarks/generated-tags", () => {
    /** A saved bookmark whose enrichment generated `tags`. */
    const enriched = (key: string, tags: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const sent = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } })
        const { id } = T.decode(Bookmark.Ack, sent)
        const done = yield* (yield* Bookmarks).complete(BookmarkId.make(id), {
          derived: { ...Bookmark.emptyDerived, tags },
          processingError: "",
          pageText: "text"
        })
        expect(Option.isSome(done)).toBe(true)
        return id
      })

    it.effect("drops one generated tag library-wide and accepts the rest; generatedTags says which are left", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const a = yield* enriched(key, ["harbour", "keepers"])
        const b = yield* enriched(key, ["keepers", "lighthouse"])
        const before = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${a}`, { key }))
        expect(before.generatedTags).toEqual(["harbour", "keepers"])

        const dropped = yield* T.request("POST", "/v1/api/bookmarks/generated-tags", {
          key,
          json: { action: "drop", tag: "Keepers" }
        })
        expect(dropped.status).toBe(200)
        expect(T.decode(ReviewResult, dropped)).toEqual({ bookmarks: 2, tags: 2, more: false })
        const accepted = yield* T.request("POST", "/v1/api/bookmarks/generated-tags", {
          key,
          json: { action: "accept", ids: [b] }
        })
        expect(T.decode(ReviewResult, accepted)).toEqual({ bookmarks: 1, tags: 1, more: false })
        const readA = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${a}`, { key }))
        const readB = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${b}`, { key }))
        expect(readA).toMatchObject({ tags: ["harbour"], generatedTags: ["harbour"] })
        expect(readB).toMatchObject({ tags: ["lighthouse"], generatedTags: [] })
      }))

    it.effect("refuses bad input with a problem, and another account's bookmark with 403", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const other = yield* T.account()
        const theirs = yield* enriched(other.key, ["harbour"])
        const post = (json: unknown) => T.request("POST", "/v1/api/bookmarks/generated-tags", { key, json })
        T.problem(yield* post({ action: "keep" }), 400)
        T.problem(yield* post({}), 400)
        T.problem(yield* post({ action: "drop", ids: "bmk_1" }), 400)
        T.problem(yield* post({ action: "drop", extra: true }), 400)
        T.problem(yield* post({ action: "drop", ids: Array.from({ length: 501 }, (_, i) => `bmk_${i}`) }), 400)
        T.problem(yield* post({ action: "drop", ids: [theirs] }), 403)
        T.problem(yield* post({ action: "drop", ids: ["bmk_unknown"] }), 404)
        const read = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${theirs}`, other))
        expect(read.generatedTags).toEqual(["harbour"])
        T.problem(yield* T.request("POST", "/v1/api/bookmarks/generated-tags", { json: { action: "drop" } }), 401)
      }))
  })
})
