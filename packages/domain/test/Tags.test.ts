/** Tags: parsing is idempotent, case-insensitively de-duplicated, and the same for a list and a comma string. */
import { Tags } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as Gen from "./support/Gen.js"

/** Short words drawn from letters of both cases, spaces, tabs and commas, so duplicates and empties are frequent. */
const word = Gen.stringOf(Gen.constantFrom("a", "A", "b", "B", "é", "É", " ", "\t", ",", "-", "x"), { maxLength: 8 })
const tagList = Gen.array(word, { maxLength: 12 })
const input = Gen.oneof<string | ReadonlyArray<string>>(tagList, word)

const parsed = (x: string | ReadonlyArray<string>) => Result.getOrThrow(Tags.parse(x))

describe("Tags", () => {
  it.prop("parsing is idempotent: parse(join(parse(x))) == parse(x)", [input], ([x]) => {
    const once = parsed(x)
    expect(parsed(once.join(","))).toEqual(once)
    expect(parsed(once)).toEqual(once)
  })

  it.prop(
    "the result has no case-insensitive duplicates, no empties, and loses no tag of the input",
    [tagList],
    ([x]) => {
      const out = parsed(x)
      const keys = out.map((t) => t.toLowerCase())
      expect(new Set(keys).size).toBe(out.length)
      for (const tag of out) {
        expect(tag).toBe(tag.trim())
        expect(tag).not.toBe("")
        expect(tag).not.toMatch(/,|\s\s/)
      }
      const inputKeys = x.flatMap((p) => p.split(",")).map((t) => t.trim().replace(/\s+/g, " ").toLowerCase()).filter((
        t
      ) => t !== "")
      expect(new Set(keys)).toEqual(new Set(inputKeys))
    }
  )

  it.prop("a list and the equivalent comma-separated string give the same result", [tagList], ([x]) => {
    expect(Tags.parse(x.join(","))).toEqual(Tags.parse(x))
  })

  it.prop(
    "normalising equals its plain definition (split on commas, trim, collapse whitespace, first spelling wins); merge equals normalising the concatenation",
    [
      Gen.array(
        Gen.stringOf(Gen.constantFrom("a", "A", " ", "  ", "\t", "\n", "\u00a0", "\ufeff", ",", "b"), { maxLength: 8 }),
        { maxLength: 10 }
      ),
      tagList
    ],
    ([x, y]) => {
      const plain = (items: ReadonlyArray<string>) => {
        const seen = new Set<string>()
        return items.flatMap((item) => item.split(","))
          .map((part) => part.trim().replace(/\s+/g, " "))
          .filter((tag) => tag !== "" && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()) !== undefined)
      }
      expect(Tags.normalize(x)).toEqual(plain(x))
      expect(Tags.merge(x, y)).toEqual(plain([...x, ...y]))
    }
  )

  it("keeps the first spelling and collapses inner whitespace", () => {
    expect(parsed(["Rust", " rust ", "RUST", "web  dev", "Web dev"])).toEqual(["Rust", "web dev"])
    expect(parsed(" a, ,b ,, A ")).toEqual(["a", "b"])
  })

  it("rejects more than 32 tags and tags longer than 64 characters, naming the field", () => {
    const many = Array.from({ length: 33 }, (_, i) => `t${i}`)
    const tooMany = Tags.parse(many)
    expect(Result.isFailure(tooMany) && tooMany.failure).toMatchObject({ _tag: "InvalidInput", field: "tags" })
    expect(Result.isFailure(tooMany) && tooMany.failure.reason).toMatch(/at most 32 tags.*33/)
    expect(Result.isSuccess(Tags.parse(many.slice(0, 32)))).toBe(true)
    const long = Tags.parse(["ok", "x".repeat(65)])
    expect(Result.isFailure(long) && long.failure).toMatchObject({ field: "tags" })
    expect(Result.isFailure(long) && long.failure.reason).toMatch(/at most 64 characters/)
    expect(Result.isSuccess(Tags.parse(["x".repeat(64)]))).toBe(true)
  })

  it("merges caller tags first, then generated ones not already present", () => {
    expect(Tags.merge(["News", "mine"], ["news", "politics", "MINE", "economy"])).toEqual([
      "News",
      "mine",
      "politics",
      "economy"
    ])
  })

  it("finds a tag ignoring case and surrounding spaces", () => {
    expect(Tags.has(["Rust", "web"], " rust ")).toBe(true)
    expect(Tags.has(["Rust", "web"], "go")).toBe(false)
  })
})
