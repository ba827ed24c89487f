/** Timestamps: ISO 8601 with a zone in, millisecond UTC out; days a month lacks are refused. */
import { Timestamp } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as Gen from "./support/Gen.js"

describe("Timestamp", () => {
  it.prop("parse(toIso(t)) == t for any instant", [
    Gen.integer({ min: 0, max: Date.parse("2999-12-31T23:59:59.999Z") })
  ], ([t]) => {
    expect(Timestamp.parse("before", Timestamp.toIso(t))).toEqual(Result.succeed(t))
  })

  it("accepts zones and fewer digits, and 29 February of a leap year only", () => {
    expect(Timestamp.parse("before", "2026-01-31T14:00:00+02:00")).toEqual(
      Result.succeed(Date.parse("2026-01-31T12:00:00Z"))
    )
    expect(Timestamp.parse("before", "2026-01-31T12:00Z")).toEqual(Result.succeed(Date.parse("2026-01-31T12:00:00Z")))
    expect(Result.isSuccess(Timestamp.parse("before", "2024-02-29T23:59:59.999Z"))).toBe(true)
    for (
      const bad of [
        "2025-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z",
        "2026-00-10T00:00:00Z",
        "2026-01-00T00:00:00Z",
        "2026-01-31",
        "2026-01-31T12:00:00",
        "soon"
      ]
    ) {
      const parsed = Timestamp.parse("before", bad)
      expect(Result.isFailure(parsed) && parsed.failure.field).toBe("before")
    }
  })
})
