import { describe, expect, layer } from "@effect/vitest"
import { Bookmark, Page } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as T from "./support/TestServer.js"

const spec21 = ["createdAt", "description", "favicon", "id", "image", "note", "screenshot", "summary", "tags", "title", "type", "url"]

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
        expect(full).toMatchObject({ id: ack.id, tags: ["reading", "later"], note: "for the weekend", status: "processing" })
      }))

    it.effect("takes tags as a comma-separated string", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const created = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/", tags: " news, Tech ,news," } })
        const { id } = T.decode(Bookmark.Ack, created)
        const read = yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key })
        expect(T.decode(Bookmark.Bookmark, read).tags).toEqual(["news", "Tech"])
      }))

    it.effect("is not idempotent: the same save twice makes two bookmarks", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const first = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/twice" } })
        const second = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/twice" } })
        expect(T.decode(Bookmark.Ack, first).id).not.toBe(T.decode(Bookmark.Ack, second).id)
        const page = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks", { key }))
        expect(page.bookmarks.map((b) => b.url)).toEqual(["https://example.com/twice", "https://example.com/twice"])
      }))

    it.effect("rejects a missing or unusable url with a 400 naming the field, and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const missing = T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: { tags: "x" } }), 400)
        expect(missing).toMatchObject({ code: "invalid_input", field: "url" })
        const ftp = T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "ftp://example.com/" } }), 400)
        expect(ftp).toMatchObject({ code: "invalid_input", field: "url" })
        const tags = T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://e.com", tags: 5 } }), 400)
        expect(tags).toMatchObject({ field: "tags" })
        const page = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks", { key }))
        expect(page.bookmarks).toEqual([])
      }))
  })

  describe("GET /v1/api/bookmarks/:id", () => {
    it.effect("returns every field of a bookmark in docs/api.md, including status and processingError", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { id } = T.decode(Bookmark.Ack, yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } }))
        const read = yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key })
        expect(T.keys(read.body)).toEqual([...spec21, "processingError", "status"].sort())
        const full = T.decode(Bookmark.Bookmark, read)
        expect(full.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
        expect(full.processingError).toBe("")
      }))

    it.effect("answers 404 for an unknown id and 403 for another account's bookmark", () =>
      Effect.gen(function*() {
        const owner = yield* T.account()
        const other = yield* T.account()
        const { id } = T.decode(Bookmark.Ack, yield* T.request("POST", "/v1/api/bookmarks", { key: owner.key, json: { url: "https://example.com/mine" } }))
        expect(T.problem(yield* T.request("GET", `/v1/api/bookmarks/${id}`, { key: other.key }), 403).code).toBe("forbidden")
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks/bmk_unknown", { key: owner.key }), 404).code).toBe("not_found")
      }))
  })

  describe("GET /v1/api/bookmarks", () => {
    it.effect("lists rows newest first with at least the list-row fields, and pages with nextBefore", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        for (const n of [1, 2, 3]) {
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: `https://example.com/${n}`, tags: n === 2 ? "two" : [] } })
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

        const rest = T.decode(Page, yield* T.request("GET", `/v1/api/bookmarks?limit=2&before=${encodeURIComponent(page.nextBefore ?? "")}`, { key }))
        expect(rest.bookmarks.map((b) => b.url)).toEqual(["https://example.com/1"])
        expect(rest.nextBefore).toBeNull()

        const tagged = T.decode(Page, yield* T.request("GET", "/v1/api/bookmarks?tag=two&type=website", { key }))
        expect(tagged.bookmarks.map((b) => b.url)).toEqual(["https://example.com/2"])
      }))

    it.effect("rejects bad query parameters with a 400 naming the parameter", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?limit=0", { key }), 400)).toMatchObject({ field: "limit" })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?limit=1&limit=2", { key }), 400)).toMatchObject({ field: "limit" })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?type=song", { key }), 400)).toMatchObject({ field: "type" })
        expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks?before=yesterday", { key }), 400)).toMatchObject({ field: "before" })
      }))
  })
})
