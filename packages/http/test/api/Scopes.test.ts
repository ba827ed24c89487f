import { createKey } from "@bookmark-library/domain"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

layer(T.layer)("Scopes of keys", (it) => {
  it.effect("a key narrowed to reading is refused saves, webhooks and usage with 403 insufficient_scope, uncharged", () =>
    Effect.gen(function*() {
      const { account, key: full } = yield* T.account()
      const { key } = yield* createKey(account.id, "reader", "api", ["bookmarks:read"])
      expect((yield* T.request("GET", "/v1/api/bookmarks", { key })).status).toBe(200)
      expect((yield* T.request("GET", "/v1/api/tags", { key })).status).toBe(200)
      const refused = [
        [
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } }),
          "bookmarks:write"
        ],
        [yield* T.request("GET", "/v1/api/webhooks", { key }), "webhooks"],
        [yield* T.request("POST", "/v1/api/webhooks", { key, json: { url: "https://example.com/hook" } }), "webhooks"],
        [yield* T.request("GET", "/v1/api/usage", { key }), "usage"]
      ] as const
      for (const [sent, required] of refused) {
        expect(T.problem(sent, 403)).toMatchObject({ code: "insufficient_scope", required })
        expect(sent.headers.get("x-ratelimit-limit")).toBeNull()
      }
      // Two reads charged, the four refusals not; the full key made before sees them (and charges its own read).
      const usage = yield* T.request("GET", "/v1/api/usage", { key: full })
      expect(usage.status).toBe(200)
      expect(usage.body).toMatchObject({ usage: { month: 3 } })
    }))

  it.effect("a key with every scope (the default, and every key made before scopes) may do everything", () =>
    Effect.gen(function*() {
      const { key, keyInfo } = yield* T.account()
      expect(keyInfo.scopes).toEqual(["bookmarks:read", "bookmarks:write", "webhooks", "usage"])
      expect((yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } })).status)
        .toBe(201)
      expect((yield* T.request("GET", "/v1/api/webhooks", { key })).status).toBe(200)
      expect((yield* T.request("GET", "/v1/api/usage", { key })).status).toBe(200)
    }))

  it.effect("a key for saving only may save but not read", () =>
    Effect.gen(function*() {
      const { account } = yield* T.account()
      const { key } = yield* createKey(account.id, "saver", "api", ["bookmarks:write"])
      expect((yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } })).status)
        .toBe(201)
      expect(T.problem(yield* T.request("GET", "/v1/api/bookmarks", { key }), 403)).toMatchObject({
        required: "bookmarks:read"
      })
    }))
})
