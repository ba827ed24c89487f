import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
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
    expect(Either.isLeft(left) && left.left.field).toBe("note")
    expect(Either.isRight(Schema.decodeUnknownEither(Text.SafeString)("fine"))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(Text.SafeString)("\ud800"))).toBe(true)
  })
})
