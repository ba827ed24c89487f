/** MintRules: what a new tag may never be. */
import { describe, expect, it } from "@effect/vitest"
import { refusal } from "../../src/analysis/MintRules.js"

describe("MintRules", () => {
  it("refuses numbers and dates", () => {
    for (const tag of ["2024", "3.5", "12/05", "may 2024", "12th", "1990s", "3 march"]) {
      expect(refusal(tag, undefined), tag).toBe("a number or a date")
    }
    expect(refusal("may", undefined)).toBeUndefined()
  })

  it("refuses the site's name, read from its host", () => {
    expect(refusal("nytimes", "www.nytimes.com")).toBe("the site's name")
    expect(refusal("harbour times", "harbourtimes.co.uk")).toBe("the site's name")
    expect(refusal("harbour", "harbourtimes.co.uk")).toBeUndefined()
    expect(refusal("github", "github.com")).toBe("the site's name")
  })

  it("refuses boilerplate, alone or as a phrase of it", () => {
    for (const tag of ["newsletter", "privacy policy", "sign", "read more", "comments"]) {
      expect(refusal(tag, undefined), tag).toBe("boilerplate")
    }
    expect(refusal("sourdough bread", undefined)).toBeUndefined()
  })
})
