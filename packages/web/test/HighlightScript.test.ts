/**
 * The reader's copy of the anchoring (HighlightScript.ts, plain JS for the browser) finds what the domain's
 * `TextAnchor.locate` finds, on random texts and edits of them.
 */
import { TextAnchor } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { anchorJs } from "../src/HighlightScript.js"

type Locate = (text: string, anchor: TextAnchor.Anchor) => TextAnchor.Located

// The script's functions, defined as the browser defines them, without a DOM.
// oxlint-disable-next-line no-new-func -- the script under test is text; this is how it is loaded
const browserLocate = new Function(`${anchorJs}\nreturn locate`)() as Locate

const chars = Arbitrary.schema(Schema.String.check(Schema.isPattern(/^[ab c.\n]{0,120}$/u)))
const case_ = Arbitrary.all([chars, chars, chars, chars])

describe("the reader's anchoring script", () => {
  it.prop(
    "agrees with TextAnchor.locate on random texts, passages and edits",
    [case_],
    ([[before, passage, after, edit]]) => {
      const text = before + passage + after
      const anchor = TextAnchor.describe(text, before.length, before.length + passage.length)
      for (
        const changed of [text, edit + text, before + edit + after, before + passage.slice(1) + edit + after, edit]
      ) {
        expect(browserLocate(changed, anchor)).toEqual(TextAnchor.locate(changed, anchor))
      }
    }
  )

  it("finds a moved, a reworded and a vanished passage as the domain does", () => {
    const text = "Intro. The quick brown fox jumps over the lazy dog. End."
    const anchor = TextAnchor.describe(text, 7, 50)
    for (const changed of [`More. ${text}`, text.replace("jumps", "leaps"), "Nothing alike."]) {
      expect(browserLocate(changed, anchor)).toEqual(TextAnchor.locate(changed, anchor))
    }
    expect(browserLocate("Nothing alike.", anchor)).toEqual({ kind: "orphaned" })
  })
})
