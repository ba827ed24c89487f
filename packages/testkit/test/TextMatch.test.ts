/** The memory twin's full-text match reads a query as the SQL one does (websearch_to_tsquery pieces). */
import { SearchParser } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Option, Result } from "effect"
import { documentTokens, text } from "../src/memory/TextMatch.js"

const cpp = documentTokens(["C++ templates explained"], "https://isocpp.example.org/templates")
const cooking = documentTokens(["Cooking for cats"], "https://cooking.example.com/")

const matches = (tokens: Set<string>, query: string) =>
  Option.match(Result.getOrThrow(SearchParser.parse(query)), {
    onNone: () => false,
    onSome: (node) => text(tokens, node) ?? false
  })

describe("TextMatch.text", () => {
  it("reads c++ as the word c, not as every word that starts with c", () => {
    expect(matches(cpp, "c++")).toBe(true)
    expect(matches(cooking, "c++")).toBe(false)
    expect(matches(cooking, "c#")).toBe(false)
  })

  it("still completes a plain last word being typed", () => {
    expect(matches(cooking, "cook")).toBe(true)
    expect(matches(cooking, "cats cook")).toBe(true)
    expect(matches(cpp, "templ")).toBe(true)
    expect(matches(cpp, "templ explained")).toBe(false)
  })

  it("reads OR, -word and phrases; a word without letters says nothing", () => {
    expect(matches(cooking, "dogs OR cats")).toBe(true)
    expect(matches(cooking, "cats -cooking")).toBe(false)
    expect(matches(cooking, "\"cooking for cats\"")).toBe(true)
    expect(matches(cooking, "cats ++")).toBe(true)
  })

  it("matches nothing for a query without a word", () => {
    for (const query of ["++", "!!!", "-", "\"", "  ", ""]) {
      expect(matches(cpp, query), query).toBe(false)
      expect(matches(cooking, query), query).toBe(false)
    }
  })
})
