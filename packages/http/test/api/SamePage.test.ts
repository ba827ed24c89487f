/**
 * `GET /v1/api/bookmarks?same=<URL>`: the bookmarks of the same page by canonical form (docs/search.md,
 * "Duplicates"), which the browser extension's "Already in your library" reads.
 */
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

layer(T.layer)("GET /v1/api/bookmarks?same=", (it) => {
  it.effect("finds the page saved with tracking parameters, www. and a fragment; newest first; not other pages", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account()
      const ids: Array<string> = []
      for (
        const url of ["https://www.example.com/a/?utm_source=x#top", "https://example.com/b", "http://example.com/a"]
      ) {
        const saved = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url } })
        ids.push((saved.body as { id: string }).id)
      }
      const found = yield* T.request("GET", `/v1/api/bookmarks?same=${encodeURIComponent("https://example.com/a")}`, {
        key
      })
      expect(found.status).toBe(200)
      expect(found.body).toMatchObject({ bookmarks: [{ id: ids[2] }, { id: ids[0] }], nextBefore: null })
      const one = yield* T.request("GET", `/v1/api/bookmarks?limit=1&same=${encodeURIComponent("example.com/a")}`, {
        key
      })
      expect(T.problem(one, 400)).toMatchObject({ field: "same" })
      const limited = yield* T.request(
        "GET",
        `/v1/api/bookmarks?limit=1&same=${encodeURIComponent("https://EXAMPLE.com/a?gclid=1")}`,
        { key }
      )
      expect(limited.body).toMatchObject({ bookmarks: [{ id: ids[2] }] })
      const none = yield* T.request("GET", `/v1/api/bookmarks?same=${encodeURIComponent("https://example.com/c")}`, {
        key
      })
      expect(none.body).toEqual({ bookmarks: [], nextBefore: null })
    }))
})
