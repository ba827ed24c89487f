import { Bookmark, Highlight } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

const passage = (exact: string, start: number, extra: Record<string, unknown> = {}) => ({
  exact,
  prefix: "before ",
  suffix: " after",
  start,
  end: start + exact.length,
  ...extra
})

layer(T.layer)("HighlightsApi", (it) => {
  describe("/v1/api/bookmarks/:id/highlights and /v1/api/highlights", () => {
    it.effect("creates, lists in reading order, edits, counts on the bookmark, pages and deletes highlights", () =>
      Effect.gen(function*() {
        const { key, principal } = yield* T.account()
        const saved = yield* Fixtures.save(principal, { url: "https://example.com/essay" })
        const path = `/v1/api/bookmarks/${saved.id}/highlights`
        const created = yield* T.request("POST", path, { key, json: passage("a later passage", 40, { note: "why" }) })
        expect(created.status).toBe(201)
        const later = T.decode(Highlight.Highlight, created)
        expect(later).toMatchObject({ colour: "yellow", note: "why", exact: "a later passage", start: 40, end: 55 })
        expect(T.keys(created.body)).toEqual([
          "bookmarkId",
          "colour",
          "createdAt",
          "end",
          "exact",
          "id",
          "note",
          "prefix",
          "start",
          "suffix",
          "updatedAt"
        ])
        const earlier = T.decode(
          Highlight.Highlight,
          yield* T.request("POST", path, { key, json: passage("first words", 3, { colour: "blue" }) })
        )
        const listed = T.decode(Highlight.BookmarkHighlights, yield* T.request("GET", path, { key }))
        expect(listed.highlights.map((h) => h.id)).toEqual([earlier.id, later.id])
        const edited = yield* T.request("PATCH", `/v1/api/highlights/${later.id}`, {
          key,
          json: { colour: "green", note: "  changed  " }
        })
        expect(T.decode(Highlight.Highlight, edited)).toMatchObject({ colour: "green", note: "changed", start: 40 })
        const full = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${saved.id}`, { key }))
        expect(full.highlights).toBe(2)
        const first = T.decode(Highlight.HighlightPage, yield* T.request("GET", "/v1/api/highlights?limit=1", { key }))
        expect(first.highlights.map((h) => h.id)).toEqual([earlier.id])
        expect(first.nextBefore).not.toBeNull()
        const second = T.decode(
          Highlight.HighlightPage,
          yield* T.request("GET", `/v1/api/highlights?limit=1&before=${encodeURIComponent(first.nextBefore ?? "")}`, {
            key
          })
        )
        expect(second).toMatchObject({ highlights: [{ id: later.id }], nextBefore: null })
        const searched = T.decode(
          Highlight.HighlightPage,
          yield* T.request("GET", "/v1/api/highlights?q=changed", { key })
        )
        expect(searched.highlights.map((h) => h.id)).toEqual([later.id])
        expect((yield* T.request("DELETE", `/v1/api/highlights/${earlier.id}`, { key })).body).toEqual({ ok: true })
        const after = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${saved.id}`, { key }))
        expect(after.highlights).toBe(1)
        expect(T.problem(yield* T.request("DELETE", `/v1/api/highlights/${earlier.id}`, { key }), 404))
          .toMatchObject({ code: "not_found", resource: "highlight" })
      }))

    it.effect("answers bad input, other accounts' highlights and unknown ids with problem+json; charges each", () =>
      Effect.gen(function*() {
        const { key, principal } = yield* T.account()
        const other = yield* T.account()
        const mine = yield* Fixtures.save(principal, { url: "https://example.com/mine" })
        const theirs = yield* Fixtures.save(other.principal, { url: "https://example.com/theirs" })
        const path = `/v1/api/bookmarks/${mine.id}/highlights`
        const bad = (json: unknown) => T.request("POST", path, { key, json })
        expect(T.problem(yield* bad(passage("", 0)), 400)).toMatchObject({ field: "exact" })
        expect(T.problem(yield* bad({ ...passage("words", 0), end: 9 }), 400)).toMatchObject({ field: "end" })
        expect(T.problem(yield* bad(passage("words", -1)), 400)).toMatchObject({ field: "start" })
        expect(T.problem(yield* bad(passage("words", 2 ** 40)), 400)).toMatchObject({ field: "start" })
        expect(T.problem(yield* bad({ ...passage("words", 0), start: 1.5 }), 400).code).toBe("invalid_input")
        expect(T.problem(yield* bad({ ...passage("words", 0), start: "0" }), 400).code).toBe("invalid_input")
        expect(T.problem(yield* bad(passage("x".repeat(5_001), 0)), 400)).toMatchObject({ field: "exact" })
        expect(T.problem(yield* bad(passage("words", 0, { note: "n".repeat(10_001) })), 400))
          .toMatchObject({ field: "note" })
        expect(T.problem(yield* bad({ ...passage("words", 0), prefix: "x".repeat(33) }), 400))
          .toMatchObject({ field: "prefix" })
        expect(T.problem(yield* bad(passage("words", 0, { colour: "red" })), 400).code).toBe("invalid_input")
        expect(T.problem(yield* bad(passage("words", 0, { title: "x" })), 400).code).toBe("invalid_input")
        expect(T.problem(yield* bad({ exact: 5 }), 400).code).toBe("invalid_input")
        expect(
          T.problem(
            yield* T.request("POST", `/v1/api/bookmarks/${theirs.id}/highlights`, {
              key,
              json: passage("words", 0)
            }),
            403
          ).resource
        ).toBe("bookmark")
        const theirHighlight = T.decode(
          Highlight.Highlight,
          yield* T.request("POST", `/v1/api/bookmarks/${theirs.id}/highlights`, {
            key: other.key,
            json: passage("their words", 0)
          })
        )
        expect(
          T.problem(
            yield* T.request("PATCH", `/v1/api/highlights/${theirHighlight.id}`, {
              key,
              json: { note: "mine now" }
            }),
            403
          )
        ).toMatchObject({ resource: "highlight" })
        expect(T.problem(yield* T.request("DELETE", "/v1/api/highlights/%00", { key }), 404).code).toBe("not_found")
        expect(T.problem(yield* T.request("GET", "/v1/api/highlights?limit=x", { key }), 400))
          .toMatchObject({ field: "limit" })
        expect(T.problem(yield* T.request("GET", "/v1/api/highlights?before=yesterday", { key }), 400))
          .toMatchObject({ field: "before" })
        expect(T.problem(yield* T.request("GET", "/v1/api/highlights"), 401).code).toBe("unauthenticated")
        const listed = yield* T.request("GET", "/v1/api/highlights", { key })
        const remaining = Number(listed.headers.get("x-ratelimit-remaining"))
        const again = yield* T.request("GET", path, { key })
        expect(Number(again.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1)
      }))
  })
})
