/** Which word of a search may match as a prefix. */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import { parts } from "../../src/sql/SearchQuery.js"

describe("SearchQuery.parts", () => {
  it("completes the last plain word and keeps the rest as websearch syntax", () => {
    expect(parts("remember marmal")).toEqual({ head: "remember", prefix: Option.some("marmal") })
    expect(parts("  zeppelins  ")).toEqual({ head: "", prefix: Option.some("zeppelins") })
    expect(parts("Ünïcode")).toEqual({ head: "", prefix: Option.some("Ünïcode") })
  })

  it("leaves operators, phrases, URLs and alternatives to websearch_to_tsquery", () => {
    const untouched = ["rust -go", "\"exact phrase\"", "\"open phrase words", "docs.quokkahost.org", "cats or dogs", "cats or", "e-mail"]
    for (const q of untouched) {
      expect(parts(q)).toEqual({ head: q, prefix: Option.none() })
    }
  })
})
