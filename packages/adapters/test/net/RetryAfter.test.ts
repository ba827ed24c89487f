// Retry-After parsing, pure.
import { describe, expect, it } from "@effect/vitest"
import * as RetryAfter from "../../src/net/RetryAfter.js"

describe("RetryAfter.parse", () => {
  const now = Date.parse("2025-01-01T00:00:00Z")
  it("reads delay-seconds and HTTP-dates", () => {
    expect(RetryAfter.parse("7", now)).toBe(7000)
    expect(RetryAfter.parse(" 0 ", now)).toBe(0)
    expect(RetryAfter.parse("Wed, 01 Jan 2025 00:02:00 GMT", now)).toBe(120_000)
    expect(RetryAfter.parse("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0)
  })
  it("ignores what is neither", () => {
    expect(RetryAfter.parse(undefined, now)).toBeNull()
    expect(RetryAfter.parse("-5", now)).toBeNull()
    expect(RetryAfter.parse("soon", now)).toBeNull()
    expect(RetryAfter.parse("2025-01-02", now)).toBeNull()
  })
})
