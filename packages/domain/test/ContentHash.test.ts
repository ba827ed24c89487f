/** The content hash (docs/search.md, "Duplicates by content"): copies of one text agree, short texts have none. */
import { describe, expect, it } from "@effect/vitest"
import * as ContentHash from "../src/ContentHash.js"

const article = "Readable text of an article, the same wherever it was saved from. ".repeat(4)

describe("ContentHash.of", () => {
  it("agrees on copies that differ in case, whitespace and compatibility forms; differs on other text", () => {
    const hash = ContentHash.of(article)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(ContentHash.of(`\n  ${article.toUpperCase().replaceAll(" ", "  \t")}  `)).toBe(hash)
    expect(ContentHash.of(article.replace("Readable", "Ｒｅａｄａｂｌｅ"))).toBe(hash)
    expect(ContentHash.of(`${article}!`)).not.toBe(hash)
  })

  it("gives no hash to text too short to tell pages apart", () => {
    expect(ContentHash.of("")).toBe("")
    expect(ContentHash.of("Please sign in to continue")).toBe("")
    expect(ContentHash.of("x".repeat(ContentHash.minLength - 1))).toBe("")
    expect(ContentHash.of("x".repeat(ContentHash.minLength))).not.toBe("")
  })
})
