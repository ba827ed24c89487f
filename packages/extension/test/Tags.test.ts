/** The Tags field and its suggestions. */
import { describe, expect, it } from "vitest"
import * as Tags from "../src/Tags.js"

const known = ["reading", "Rust", "recipes", "work", "weekend"]

describe("Tags", () => {
  it("splits on commas, trims and drops empty ones", () => {
    expect(Tags.parse(" rust , ,reading,  ")).toEqual(["rust", "reading"])
    expect(Tags.parse("")).toEqual([])
  })

  it("suggests the account's tags that start with what is typed, leaving out those already chosen", () => {
    expect(Tags.suggestions(known, "")).toEqual(known)
    expect(Tags.suggestions(known, "r")).toEqual(["reading", "Rust", "recipes"])
    expect(Tags.suggestions(known, "rust, re")).toEqual(["reading", "recipes"])
    expect(Tags.suggestions(known, "RUST, ")).toEqual(["reading", "recipes", "work", "weekend"])
    expect(Tags.suggestions(known, "", 2)).toEqual(["reading", "Rust"])
  })

  it("choosing a suggestion completes the part being typed", () => {
    expect(Tags.choose("rust, rea", "reading")).toBe("rust, reading, ")
    expect(Tags.choose("", "work")).toBe("work, ")
  })
})
