/**
 * `GET /usage` once the month is spent (docs/decisions.md, "Allowance"): still answered, uncharged, with the month's
 * headers, so a client can tell a spent month from a burst; every other request stays refused, and a burst still
 * refuses `GET /usage` too.
 */
import { Plan, Usage } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as T from "../support/TestServer.js"

const plans: Plan.Table = {
  ...Plan.defaultTable,
  free: { perMinute: 5, perMonth: 3 },
  plus: { perMinute: 2, perMonth: 50 }
}

layer(T.layerWith({}, { plans }))("GET /usage past the allowance", (it) => {
  describe("a spent month", () => {
    it.effect("answers GET /usage uncharged with the month's headers; other requests stay 429 month", () =>
      Effect.gen(function*() {
        yield* TestClock.adjust("10 minutes")
        const { key } = yield* T.account("free")
        for (let i = 0; i < 3; i++) {
          expect((yield* T.request("GET", "/v1/api/bookmarks", { key })).status).toBe(200)
        }
        const refused = yield* T.request("GET", "/v1/api/bookmarks", { key })
        expect(T.problem(refused, 429)).toMatchObject({ code: "rate_limited_month", window: "month", limit: 3 })

        for (let i = 0; i < 3; i++) {
          const sent = yield* T.request("GET", "/v1/api/usage", { key })
          expect(sent.status).toBe(200)
          const report = T.decode(Usage.Usage, sent)
          // The three admitted requests, nothing more: neither the 429 nor these answers were charged.
          expect(report.usage.month).toBe(3)
          expect(report.limits).toEqual({ perMinute: 5, perMonth: 3 })
          expect(sent.headers.get("x-ratelimit-limit")).toBe("3")
          expect(sent.headers.get("x-ratelimit-remaining")).toBe("0")
          expect(Number(sent.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0)
          expect(sent.headers.get("retry-after")).toBeNull()
        }
        const still = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/" } })
        expect(T.problem(still, 429)).toMatchObject({ window: "month" })
      }))
  })

  describe("a burst", () => {
    it.effect("refuses GET /usage like any request while the minute is spent, and charges it when it fits", () =>
      Effect.gen(function*() {
        yield* TestClock.adjust("20 minutes")
        const { key } = yield* T.account("plus")
        expect((yield* T.request("GET", "/v1/api/usage", { key })).status).toBe(200)
        expect((yield* T.request("GET", "/v1/api/bookmarks", { key })).status).toBe(200)
        const refused = yield* T.request("GET", "/v1/api/usage", { key })
        expect(T.problem(refused, 429)).toMatchObject({ code: "rate_limited_minute", window: "minute", limit: 2 })
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
        yield* TestClock.adjust("1 minute")
        const sent = yield* T.request("GET", "/v1/api/usage", { key })
        // Charged as before: two earlier requests and this one.
        expect(T.decode(Usage.Usage, sent).usage.month).toBe(3)
        expect(sent.headers.get("x-ratelimit-remaining")).toBe("1")
      }))
  })
})
