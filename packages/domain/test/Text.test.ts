import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Text } from "../src/index.js"

describe("Text", () => {
  it("accepts ordinary Unicode, including paired surrogates, newlines and tabs", () => {
    for (const text of ["", "plain", "line\nbreak\ttab", "emoji 😀 ok", "ünïcödé — ½"]) {
      expect(Text.problem(text)).toBeUndefined()
    }
  })

  it("refuses NUL anywhere", () => {
    for (const text of ["\u0000", "a\u0000", "\u0000b", "https://example.com/\u0000"]) {
      expect(Text.problem(text)).toMatch(/NUL/)
    }
  })

  it("refuses unpaired surrogates, high or low, at any position", () => {
    for (const text of ["\ud800", "a\ud800b", "\udc00", "x\udfff", "\ud83d\ud83d", "😀\udc00"]) {
      expect(Text.problem(text)).toMatch(/surrogates/)
    }
  })

  it("names the field in the error and decodes through SafeString", () => {
    const left = Text.check("note", "a\u0000")
    expect(Result.isFailure(left) && left.failure.field).toBe("note")
    expect(Result.isSuccess(Schema.decodeUnknownResult(Text.SafeString)("fine"))).toBe(true)
    expect(Result.isFailure(Schema.decodeUnknownResult(Text.SafeString)("\ud800"))).toBe(true)
  })
})
