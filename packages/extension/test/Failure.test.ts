/** Failures in words: unreachable, revoked (reconnect), rate limited (when to retry), refused, server trouble. */
import { describe, expect, it } from "vitest"
import * as Failure from "../src/Failure.js"

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null })
const now = Date.UTC(2026, 0, 1, 12, 0, 0)

describe("Failure", () => {
  it("maps statuses: 401 is a revoked key, 429 carries Retry-After, 5xx is the server's, other 4xx the problem's detail", () => {
    expect(Failure.fromStatus(401, headers({}), "", now)).toEqual({ kind: "revoked" })
    expect(Failure.fromStatus(429, headers({ "retry-after": "17" }), "", now)).toEqual({
      kind: "rateLimited",
      retryAfterSeconds: 17
    })
    expect(Failure.fromStatus(503, headers({}), "down", now)).toEqual({ kind: "server", status: 503 })
    expect(Failure.fromStatus(400, headers({}), "url: scheme must be http or https", now))
      .toEqual({ kind: "rejected", status: 400, detail: "url: scheme must be http or https" })
  })

  it("reads Retry-After as seconds or a date, and falls back to a minute", () => {
    expect(Failure.retryAfter("0", now)).toBe(1)
    expect(Failure.retryAfter("2.5", now)).toBe(3)
    expect(Failure.retryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90)
    expect(Failure.retryAfter(null, now)).toBe(60)
    expect(Failure.retryAfter("soon", now)).toBe(60)
  })

  it("says what happened and what to do, in words", () => {
    expect(Failure.message({ kind: "unreachable", server: "https://x.example" }, now)).toBe(
      "Cannot reach the server at https://x.example. Check your connection and that the server is running, then try again."
    )
    expect(Failure.message({ kind: "revoked" }, now)).toContain("Reconnect")
    expect(Failure.message({ kind: "rateLimited", retryAfterSeconds: 30 }, now)).toBe(
      "Too many requests for your plan right now. Try again in 30 seconds (at 12:00 UTC)."
    )
    expect(Failure.message({ kind: "rateLimited", retryAfterSeconds: 3600 }, now)).toContain(
      "60 minutes (at 13:00 UTC)"
    )
    expect(Failure.message({ kind: "rejected", status: 400, detail: "" }, now)).toBe(
      "The server refused this (status 400)."
    )
    expect(Failure.message({ kind: "server", status: 500 }, now)).toContain("Try again in a moment")
  })

  it("offers to reconnect only when the key is the problem", () => {
    expect(Failure.needsReconnect({ kind: "revoked" })).toBe(true)
    expect(Failure.needsReconnect({ kind: "notConnected" })).toBe(true)
    expect(Failure.needsReconnect({ kind: "rateLimited", retryAfterSeconds: 1 })).toBe(false)
    expect(Failure.needsReconnect({ kind: "unreachable", server: "x" })).toBe(false)
  })
})
