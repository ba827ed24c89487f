/** The memory twin's search reads a query as the SQL one does (SearchQuery.parts, websearch_to_tsquery). */
import { describe, expect, it } from "@effect/vitest"
import { documentTokens, matches } from "../src/memory/TextMatch.js"

const cpp = documentTokens(["C++ templates explained"], "https://isocpp.example.org/templates")
const cooking = documentTokens(["Cooking for cats"], "https://cooking.example.com/")

describe("TextMatch.matches", () => {
  it("reads c++ as the word c, not as every word that starts with c", () => {
    expect(matches(cpp, "c++")).toBe(true)
    expect(matches(cooking, "c++")).toBe(false)
    expect(matches(cooking, "c#")).toBe(false)
  })

  it("still completes a plain last word being typed", () => {
    expect(matches(cooking, "cook")).toBe(true)
    expect(matches(cooking, "cats cook")).toBe(true)
    expect(matches(cpp, "templ")).toBe(true)
  })

  it("matches nothing for a query without a word", () => {
    for (const query of ["++", "!!!", "-", "\"", "  ", ""]) {
      expect(matches(cpp, query), query).toBe(false)
      expect(matches(cooking, query), query).toBe(false)
    }
  })
})
