/** Ids: a kind prefix and 22 base62 characters. */
import { Ids } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import * as Gen from "./support/Gen.js"

describe("Ids", () => {
  it.prop("fromRandom gives the kind's prefix and 22 base62 characters", [
    Gen.constantFrom("account", "apiKey", "bookmark", "webhook", "delivery", "job"),
    Gen.uint8Array({ minLength: 22, maxLength: 22 })
  ], ([kind, bytes]) => {
    expect(Ids.fromRandom(kind, bytes)).toMatch(new RegExp(`^${Ids.idPrefixes[kind]}[0-9A-Za-z]{22}$`))
  })

  it("pads with '0' when given too few bytes", () => {
    expect(Ids.fromRandom("bookmark", new Uint8Array([1, 61]))).toBe(`bmk_1z${"0".repeat(20)}`)
  })
})
