import { describe, expect, it } from "@effect/vitest"
import { Arbitrary } from "effect"
import * as TextAnchor from "../src/TextAnchor.js"
import * as Gen from "./support/Gen.js"

/** Prose-like text: words of a small alphabet with spaces, so quotes recur and context matters. */
const prose = (maxLength: number) =>
  Gen.stringOf(Gen.constantFrom("a", "b", "c", "d", " ", " ", "e", "."), { maxLength })

/** A text and a passage in it: `[start, end)` non-empty. */
const textWithPassage = Arbitrary.flatMap(
  Gen.all([prose(200), Gen.stringMatching(/^[a-e ]{1,40}$/), prose(200)]),
  ([before, passage, after]) =>
    Arbitrary.Constant({ text: before + passage + after, start: before.length, end: before.length + passage.length })
)

/** Text that shares no character with the prose alphabet. */
const foreign = Gen.stringMatching(/^[QRSTUVWXYZ]{1,300}$/)

const at = (text: string, located: TextAnchor.Located) =>
  located.kind === "orphaned" ? undefined : text.slice(located.start, located.end)

describe("TextAnchor", () => {
  it.prop("the same text: found by position, exactly where it was", [textWithPassage], ([{ end, start, text }]) => {
    const anchor = TextAnchor.describe(text, start, end)
    expect(anchor.prefix.length).toBeLessThanOrEqual(TextAnchor.contextLength)
    expect(anchor.suffix.length).toBeLessThanOrEqual(TextAnchor.contextLength)
    expect(TextAnchor.locate(text, anchor)).toEqual({ kind: "position", start, end })
  })

  it.prop(
    "text inserted before it: found by quote, the same passage with its context",
    [textWithPassage, foreign],
    ([{ end, start, text }, inserted]) => {
      const anchor = TextAnchor.describe(text, start, end)
      const edited = inserted + text
      const located = TextAnchor.locate(edited, anchor)
      expect(at(edited, located)).toBe(anchor.exact)
      // The inserted characters are foreign, so the first context-perfect place is the moved passage itself.
      expect(located).toEqual({ kind: "quote", start: start + inserted.length, end: end + inserted.length })
    }
  )

  it.prop(
    "one character of a long passage changed: found approximately, overlapping where it went",
    [textWithPassage, Gen.nat(1_000), foreign],
    ([{ end, start, text }, where, inserted]) => {
      if (end - start < 10) return
      const anchor = TextAnchor.describe(text, start, end)
      const i = start + (where % (end - start))
      const edited = inserted + text.slice(0, i) + "Z" + text.slice(i + 1)
      const located = TextAnchor.locate(edited, anchor)
      expect(located.kind).not.toBe("orphaned")
      if (located.kind === "orphaned") return
      const shift = inserted.length
      expect(located.start).toBeLessThan(end + shift)
      expect(located.end).toBeGreaterThan(start + shift)
      expect(located.end - located.start).toBeGreaterThanOrEqual(end - start - TextAnchor.tolerance(end - start))
    }
  )

  it.prop(
    "the passage rewritten with none of its characters: orphaned, never placed elsewhere",
    [textWithPassage, foreign],
    ([{ end, start, text }, replacement]) => {
      const anchor = TextAnchor.describe(text, start, end)
      if (anchor.exact.length < 4) return
      // Everything but the passage's own characters goes, so nothing in the text can be within tolerance.
      const edited = replacement
      expect(TextAnchor.locate(edited, anchor)).toEqual({ kind: "orphaned" })
    }
  )

  it.prop("whatever the text, a found passage lies within it", [textWithPassage, prose(300)], ([p, other]) => {
    const located = TextAnchor.locate(other, TextAnchor.describe(p.text, p.start, p.end))
    if (located.kind === "orphaned") return
    expect(located.start).toBeGreaterThanOrEqual(0)
    expect(located.end).toBeLessThanOrEqual(other.length)
    expect(located.start).toBeLessThan(located.end)
  })

  it("context picks the right one of repeated quotes; a short quote is never matched approximately", () => {
    const text = "the cat sat. the dog ran. the cat ran."
    const anchor = TextAnchor.describe(text, 30, 33)
    expect(anchor.exact).toBe("cat")
    const edited = `Intro. ${text}`
    expect(TextAnchor.locate(edited, anchor)).toEqual({ kind: "quote", start: 37, end: 40 })
    expect(TextAnchor.locate("the bat sat", anchor)).toEqual({ kind: "orphaned" })
    expect(TextAnchor.locate(text, { ...anchor, exact: "" })).toEqual({ kind: "orphaned" })
  })

  it("a reworded sentence within tolerance is found; a rewritten one is orphaned", () => {
    const text = "First paragraph stays. The quick brown fox jumps over the lazy dog. End."
    const start = text.indexOf("The quick")
    const anchor = TextAnchor.describe(text, start, start + "The quick brown fox jumps over the lazy dog".length)
    const reworded = "First paragraph stays. The quick brown fox leaps over the lazy dog. End."
    const found = TextAnchor.locate(reworded, anchor)
    expect(found.kind).toBe("fuzzy")
    expect(at(reworded, found)).toContain("leaps over the lazy")
    const rewritten = "First paragraph stays. Something else entirely is said here now. End."
    expect(TextAnchor.locate(rewritten, anchor)).toEqual({ kind: "orphaned" })
  })
})
