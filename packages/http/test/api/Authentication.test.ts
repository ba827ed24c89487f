import { Bookmark, Usage, Webhook } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { KeyCreated } from "../../src/api/AdminApi.js"
import * as T from "../support/TestServer.js"

const rateLimitHeaders = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]
const usage = (key: string) =>
  Effect.map(T.request("GET", "/v1/api/usage", { key }), (sent) => T.decode(Usage.Usage, sent))

layer(T.layer)("Authentication", (it) => {
  describe("401", () => {
    it.effect("refuses a missing header, an empty bearer, another scheme, a malformed, an unknown key", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const cases: ReadonlyArray<readonly [Record<string, string>, string]> = [
          [{}, "missing"],
          [{ authorization: "Bearer " }, "missing"],
          [{ authorization: "Bearer" }, "missing"],
          [{ authorization: "Bearer not-a-key" }, "malformed"],
          [{ authorization: `Basic ${key}` }, "malformed"],
          [{ authorization: key }, "malformed"],
          [{ authorization: `Bearer bk_${"A".repeat(40)}` }, "unknown"]
        ]
        for (const [headers, reason] of cases) {
          const sent = yield* T.request("GET", "/v1/api/usage", { headers })
          expect(T.problem(sent, 401)).toMatchObject({ code: "unauthenticated", reason })
          for (const name of rateLimitHeaders) expect(sent.headers.get(name)).toBeNull()
          // RFC 6750: the scheme always; `invalid_token` when a credential was sent and refused.
          const challenge = sent.headers.get("www-authenticate")
          if (reason === "missing") expect(challenge).toBe(`Bearer realm="bookmarks"`)
          else expect(challenge).toMatch(/^Bearer realm="bookmarks", error="invalid_token", error_description="[^"]+"$/)
        }
        // None of them was charged to the account.
        expect((yield* usage(key)).usage.month).toBe(1)
      }))

    it.effect("accepts the scheme in any case", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        expect((yield* T.request("GET", "/v1/api/usage", { headers: { authorization: `bearer ${key}` } })).status).toBe(
          200
        )
      }))

    it.effect("refuses a key revoked through the admin API on its very next request", () =>
      Effect.gen(function*() {
        const { key, keyInfo } = yield* T.account()
        expect((yield* T.request("GET", "/v1/api/usage", { key })).status).toBe(200)
        expect((yield* T.request("DELETE", `/admin/keys/${keyInfo.id}`, { headers: T.admin })).status).toBe(200)
        const sent = yield* T.request("GET", "/v1/api/usage", { key })
        expect(T.problem(sent, 401)).toMatchObject({ reason: "revoked" })
        expect(sent.headers.get("www-authenticate")).toMatch(/^Bearer realm="bookmarks", error="invalid_token"/)
      }))

    it.effect("the admin API's 401 carries the challenge too; a 2xx or another error does not", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        for (const headers of [{}, { authorization: "Bearer wrong" }]) {
          const sent = yield* T.request("GET", "/admin/accounts", { headers })
          expect(T.problem(sent, 401)).toMatchObject({ code: "unauthenticated" })
          expect(sent.headers.get("www-authenticate")).toBe(`Bearer realm="admin"`)
        }
        expect((yield* T.request("GET", "/admin/accounts", { headers: T.admin })).headers.get("www-authenticate"))
          .toBeNull()
        const missing = yield* T.request("GET", "/v1/api/bookmarks/bmk_missing", { key })
        expect(missing.status).toBe(404)
        expect(missing.headers.get("www-authenticate")).toBeNull()
      }))
  })

  describe("allowance", () => {
    it.effect("sets the rate-limit headers on 2xx, 400 and 404 answers alike", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const answers = [
          yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } }),
          yield* T.request("GET", "/v1/api/bookmarks?limit=zero", { key }),
          yield* T.request("GET", "/v1/api/bookmarks/bmk_missing", { key }),
          yield* T.request("POST", "/v1/api/bookmarks", {
            key,
            body: "{",
            headers: { "content-type": "application/json" }
          })
        ]
        expect(answers.map((a) => a.status)).toEqual([201, 400, 404, 400])
        answers.forEach((answer, i) => {
          expect(answer.headers.get("x-ratelimit-limit")).toBe("60")
          expect(answer.headers.get("x-ratelimit-remaining")).toBe(String(59 - i))
          expect(Number(answer.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0)
          expect(answer.headers.get("retry-after")).toBeNull()
        })
      }))

    it.effect("answers the 61st request of a minute on the free plan with 429, uncharged", () =>
      Effect.gen(function*() {
        yield* TestClock.adjust("10 minutes")
        const { key } = yield* T.account("free")
        const answers = yield* Effect.forEach(
          Array.from({ length: 60 }, () => T.request("GET", "/v1/api/bookmarks", { key })),
          (request) => request,
          { concurrency: 8 }
        )
        expect(answers.every((a) => a.status === 200)).toBe(true)
        expect(answers.map((a) => a.headers.get("x-ratelimit-remaining")).sort((a, b) => Number(a) - Number(b))[0])
          .toBe("0")

        for (const attempt of [61, 62]) {
          const refused = yield* T.request("POST", "/v1/api/bookmarks", {
            key,
            json: { url: `https://example.com/${attempt}` }
          })
          const body = T.problem(refused, 429)
          expect(body).toMatchObject({ code: "rate_limited_minute", window: "minute", limit: 60 })
          expect(body.detail).toMatch(/minute/i)
          const retryAfter = Number(refused.headers.get("retry-after"))
          expect(retryAfter).toBeGreaterThanOrEqual(1)
          expect(retryAfter).toBeLessThanOrEqual(60)
          expect(refused.headers.get("x-ratelimit-remaining")).toBe("0")
          expect(refused.headers.get("x-ratelimit-limit")).toBe("60")
        }

        yield* TestClock.adjust("1 minute")
        const report = yield* usage(key)
        // 60 admitted + this usage request; neither 429 was counted, and neither save was stored.
        expect(report.usage.month).toBe(61)
        expect(Object.values(report.usage.byKey)).toEqual([61])
        const page = yield* T.request("GET", "/v1/api/bookmarks", { key })
        expect(page.body).toMatchObject({ bookmarks: [] })
      }))

    it.effect("counts each key of an account in its own usage entry and the account's allowance together", () =>
      Effect.gen(function*() {
        yield* TestClock.adjust("1 minute")
        const first = yield* T.account("plus")
        const created = yield* T.request("POST", `/admin/accounts/${first.account.id}/keys`, {
          headers: T.admin,
          json: { label: "second" }
        })
        const second = T.decode(KeyCreated, created).key
        yield* T.request("GET", "/v1/api/bookmarks", { key: second })
        const sent = yield* T.request("GET", "/v1/api/usage", { key: first.key })
        expect(sent.headers.get("x-ratelimit-limit")).toBe("300")
        expect(sent.headers.get("x-ratelimit-remaining")).toBe("298")
        const report = T.decode(Usage.Usage, sent)
        expect(report.tier).toBe("plus")
        expect(Object.keys(report.usage.byKey).sort()).toEqual([first.keyInfo.masked, `bk_…${second.slice(-4)}`].sort())
        expect(report.usage.month).toBe(2)
      }))
  })

  describe("403", () => {
    it.effect("answers 403 on another account's webhook", () =>
      Effect.gen(function*() {
        const owner = yield* T.account()
        const other = yield* T.account()
        const registered = yield* T.request("POST", "/v1/api/webhooks", {
          key: owner.key,
          json: { url: "https://hooks.example.com/in" }
        })
        const { id } = T.decode(Webhook.Registered, registered)
        expect(T.problem(yield* T.request("DELETE", `/v1/api/webhooks/${id}`, { key: other.key }), 403).code).toBe(
          "forbidden"
        )
        expect(T.problem(yield* T.request("POST", `/v1/api/webhooks/${id}/test`, { key: other.key }), 403).code).toBe(
          "forbidden"
        )
        const ack = T.decode(
          Bookmark.Ack,
          yield* T.request("POST", "/v1/api/bookmarks", { key: owner.key, json: { url: "https://example.com/" } })
        )
        expect(T.problem(yield* T.request("GET", `/v1/api/bookmarks/${ack.id}`, { key: other.key }), 403).code).toBe(
          "forbidden"
        )
      }))
  })
})
