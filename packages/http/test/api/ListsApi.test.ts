import { List, Page } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

layer(T.layer)("ListsApi", (it) => {
  describe("/v1/api/lists", () => {
    it.effect("creates, nests, renames, moves, fills, pages and deletes lists; bookmarks stay", () =>
      Effect.gen(function*() {
        const { key, principal } = yield* T.account()
        const created = yield* T.request("POST", "/v1/api/lists", { key, json: { name: "Reading" } })
        expect(created.status).toBe(201)
        const reading = T.decode(List.List, created)
        expect(T.keys(created.body)).toEqual(["count", "createdAt", "id", "name", "parentId"])
        const papers = T.decode(
          List.List,
          yield* T.request("POST", "/v1/api/lists", { key, json: { name: "Papers", parentId: reading.id } })
        )
        expect(papers.parentId).toBe(reading.id)
        const renamed = yield* T.request("PATCH", `/v1/api/lists/${papers.id}`, {
          key,
          json: { name: "Old papers", parentId: null }
        })
        expect(T.decode(List.List, renamed)).toMatchObject({ name: "Old papers", parentId: null })
        const saved = yield* Effect.forEach(
          [1, 2],
          (n) => Fixtures.save(principal, { url: `https://example.com/${n}` })
        )
        const added = yield* T.request("POST", `/v1/api/lists/${reading.id}/bookmarks`, {
          key,
          json: { bookmarkIds: saved.map((b) => b.id) }
        })
        expect(added.body).toEqual({ changed: 2 })
        const page = T.decode(Page, yield* T.request("GET", `/v1/api/lists/${reading.id}/bookmarks?limit=1`, { key }))
        expect(page.bookmarks.map((b) => b.id)).toEqual([saved[1]?.id])
        expect(page.nextBefore).not.toBeNull()
        const of = T.decode(
          List.ListOfLists,
          yield* T.request("GET", `/v1/api/bookmarks/${saved[0]?.id}/lists`, { key })
        )
        expect(of.lists.map((l) => l.name)).toEqual(["Reading"])
        const removed = yield* T.request("DELETE", `/v1/api/lists/${reading.id}/bookmarks/${saved[0]?.id}`, { key })
        expect(removed.body).toEqual({ changed: 1 })
        const all = T.decode(List.ListOfLists, yield* T.request("GET", "/v1/api/lists", { key }))
        expect(all.lists.map((l) => [l.name, l.count])).toEqual([["Old papers", 0], ["Reading", 1]])
        const deleted = yield* T.request("DELETE", `/v1/api/lists/${reading.id}`, { key })
        expect(deleted.body).toEqual({ ok: true })
        expect((yield* T.request("GET", `/v1/api/bookmarks/${saved[1]?.id}`, { key })).status).toBe(200)
        expect(T.problem(yield* T.request("GET", `/v1/api/lists/${reading.id}/bookmarks`, { key }), 404))
          .toMatchObject({ code: "not_found", resource: "list" })
      }))

    it.effect("answers bad input, other accounts' lists and unknown ids with problem+json, and charges each request", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const other = yield* T.account()
        const theirs = T.decode(
          List.List,
          yield* T.request("POST", "/v1/api/lists", { key: other.key, json: { name: "Theirs" } })
        )
        expect(T.problem(yield* T.request("POST", "/v1/api/lists", { key, json: { name: " " } }), 400))
          .toMatchObject({ field: "name" })
        expect(T.problem(yield* T.request("POST", "/v1/api/lists", { key, json: { name: "x", colour: "red" } }), 400))
          .toMatchObject({ code: "invalid_input" })
        expect(T.problem(yield* T.request("POST", "/v1/api/lists", { key, json: { name: 5 } }), 400).code)
          .toBe("invalid_input")
        expect(T.problem(yield* T.request("PATCH", `/v1/api/lists/${theirs.id}`, { key, json: { name: "y" } }), 403))
          .toMatchObject({ resource: "list" })
        expect(T.problem(yield* T.request("DELETE", "/v1/api/lists/%00", { key }), 404).code).toBe("not_found")
        expect(T.problem(yield* T.request("GET", `/v1/api/lists/${theirs.id}/bookmarks?limit=x`, { key }), 400))
          .toMatchObject({ field: "limit" })
        expect(
          T.problem(
            yield* T.request("POST", `/v1/api/lists/${theirs.id}/bookmarks`, { key, json: { bookmarkIds: [] } }),
            403
          ).code
        ).toBe("forbidden")
        expect(T.problem(yield* T.request("GET", "/v1/api/lists"), 401).code).toBe("unauthenticated")
        const listed = yield* T.request("GET", "/v1/api/lists", { key })
        const remaining = Number(listed.headers.get("x-ratelimit-remaining"))
        const again = yield* T.request("GET", "/v1/api/lists", { key })
        expect(Number(again.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1)
      }))
  })
})
