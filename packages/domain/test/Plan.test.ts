/** Plans: the default table and the PLAN_LIMITS override. */
import { Plan } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"

describe("Plan", () => {
  it("uses the default table of docs/decisions.md", () => {
    expect(Plan.defaultTable).toEqual({
      free: { perMinute: 60, perMonth: 1_000 },
      plus: { perMinute: 300, perMonth: 20_000 },
      ultra: { perMinute: 1_000, perMonth: 100_000 }
    })
  })

  it("overrides only the plans PLAN_LIMITS names, and refuses partial or non-positive limits", () => {
    const decode = Schema.decodeUnknownResult(Schema.fromJsonString(Plan.TableOverride))
    const override = Result.getOrThrow(decode(`{"ultra":{"perMinute":1000000,"perMonth":1000000000}}`))
    expect(Plan.withOverride(Plan.defaultTable, override)).toEqual({
      ...Plan.defaultTable,
      ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 }
    })
    expect(Result.isFailure(decode(`{"free":{"perMinute":10}}`))).toBe(true)
    expect(Result.isFailure(decode(`{"free":{"perMinute":0,"perMonth":5}}`))).toBe(true)
    expect(Result.isFailure(decode(`{"free":{"perMinute":1.5,"perMonth":5}}`))).toBe(true)
  })
})
