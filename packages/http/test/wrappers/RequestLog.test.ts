import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

layer(T.layer)("RequestLog", (it) => {
  describe("one debug line per request", () => {
    it.effect("names method, path, status and duration, and never the credentials or the query", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { logs } = yield* T.TestControls
        const listed = yield* T.request("GET", "/v1/api/bookmarks?q=private-words", { key })
        const missing = yield* T.request("GET", "/admin/accounts/acc_x", { headers: T.admin })
        const lines = logs.filter((line) => line.message === "http request")
        expect(lines.map((l) => l.level)).toEqual(["DEBUG", "DEBUG"])
        expect(lines.map((l) => l.annotations)).toEqual([
          {
            method: "GET",
            path: "/v1/api/bookmarks",
            status: 200,
            durationMs: expect.any(Number),
            requestId: listed.headers.get("x-request-id")
          },
          {
            method: "GET",
            path: "/admin/accounts/acc_x",
            status: 404,
            durationMs: expect.any(Number),
            requestId: missing.headers.get("x-request-id")
          }
        ])
        const all = logs.map((l) => l.text).join("\n")
        expect(all).not.toContain(key)
        expect(all).not.toContain(T.adminToken)
        expect(all).not.toContain("private-words")
        expect(all.toLowerCase()).not.toContain("bearer")
      }))
  })
})
