/**
 * What the browser extension uses beyond the specification: saves with a key the connect flow minted are recorded
 * with source `extension` (a pasted key's with `api`), and `GET /v1/api/tags` lists the account's tags, charged.
 */
import { Bookmark, BookmarkId, Bookmarks, createAccount, createKey } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as T from "../support/TestServer.js"

const sourceOf = (id: string) =>
  Effect.flatMap(Bookmarks, (bookmarks) => bookmarks.get(BookmarkId.make(id))).pipe(
    Effect.map(Option.map((record) => record.source))
  )

layer(T.layer)("the extension's API", (it) => {
  describe("saves by key source", () => {
    it.effect("records a save with the extension's key as source extension, and one with an ordinary key as api", () =>
      Effect.gen(function*() {
        const account = yield* createAccount("free")
        const extension = yield* createKey(account.id, "Browser extension", "extension")
        const ordinary = yield* createKey(account.id, "script")
        const byExtension = yield* T.request("POST", "/v1/api/bookmarks", {
          key: extension.key,
          json: { url: "https://example.com/e" }
        })
        const byScript = yield* T.request("POST", "/v1/api/bookmarks", {
          key: ordinary.key,
          json: { url: "https://example.com/s" }
        })
        expect(yield* sourceOf(T.decode(Bookmark.Ack, byExtension).id)).toEqual(Option.some("extension"))
        expect(yield* sourceOf(T.decode(Bookmark.Ack, byScript).id)).toEqual(Option.some("api"))
      }))
  })

  describe("GET /v1/api/tags", () => {
    it.effect("lists the account's tags with their counts, most used first, and counts the request", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/1", tags: ["reading", "rust"] }
        })
        yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/2", tags: ["Reading"] }
        })
        const listed = yield* T.request("GET", "/v1/api/tags", { key })
        expect(listed.status).toBe(200)
        expect(listed.body).toEqual({
          tags: [{ tag: expect.stringMatching(/^[Rr]eading$/), count: 2 }, { tag: "rust", count: 1 }]
        })
        expect(listed.headers.get("x-ratelimit-remaining")).not.toBeNull()
      }))

    it.effect("needs a key", () =>
      Effect.gen(function*() {
        T.problem(yield* T.request("GET", "/v1/api/tags"), 401)
      }))
  })
})
