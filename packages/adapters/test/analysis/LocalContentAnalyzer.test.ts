/** LocalContentAnalyzer: the port contract, and what a reader notices in its summaries and tags. */
import { ContentAnalyzer } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as LocalContentAnalyzer from "../../src/analysis/LocalContentAnalyzer.js"

Contracts.contentAnalyzerContract("local", LocalContentAnalyzer.layer)

const article = [
  "Sourdough bread is leavened by a culture of wild yeast and lactic acid bacteria rather than by baker's yeast.",
  "We use cookies to improve your experience on our sourdough bread website, click accept to continue.",
  "The starter is a mixture of flour and water that ferments for several days before it can raise a loaf.",
  "Bakers feed the starter with fresh flour and water every day to keep the yeast active.",
  "A long fermentation gives sourdough bread its sour flavour and its open, chewy crumb.",
  "Some people find sourdough easier to digest than other breads.",
  "Subscribe to our newsletter for more recipes!",
  "In 2023, 45 percent of home bakers said they had tried making sourdough at least once."
].join(" ")

const sentencesOf = (summary: string) => summary.match(/[^.!?]+[.!?]/g) ?? []

layer(LocalContentAnalyzer.layer)("LocalContentAnalyzer", (it) => {
  const analyze = (title: string, text: string) => Effect.flatMap(ContentAnalyzer, (a) => a.analyze({ title, text }))

  describe("tags beside the caller's", () => {
    it.effect("no generated tag is an inflection of a tag the bookmark already carries", () =>
      Effect.gen(function*() {
        const analyzer = yield* ContentAnalyzer
        const alone = yield* analyzer.analyze({ title: "How sourdough bread works", text: article })
        expect(alone.tags.some((tag) => /sourdough/.test(tag))).toBe(true)
        const beside = yield* analyzer.analyze({
          title: "How sourdough bread works",
          text: article,
          given: ["Sourdoughs", "breads"]
        })
        expect(beside.tags.some((tag) => /sourdough|bread/.test(tag))).toBe(false)
        expect(beside.tags.length).toBeGreaterThan(0)
      }))
  })

  describe("summary", () => {
    it.effect("2–3 sentences quoted from the text in their original order, no boilerplate, at most 500 characters", () =>
      Effect.gen(function*() {
        const { summary } = yield* analyze("How sourdough bread works", article)
        const sentences = sentencesOf(summary).map((s) => s.trim())
        expect(sentences.length).toBeGreaterThanOrEqual(2)
        expect(sentences.length).toBeLessThanOrEqual(3)
        expect(summary.length).toBeLessThanOrEqual(500)
        const positions = sentences.map((s) => article.indexOf(s))
        for (const position of positions) expect(position).toBeGreaterThanOrEqual(0)
        expect([...positions].sort((a, b) => a - b)).toEqual(positions)
        expect(summary).not.toMatch(/cookies|Subscribe/)
        expect(summary).toContain("Sourdough bread is leavened by a culture of wild yeast")
      }))

    it.effect("abbreviations and decimals do not end a sentence", () =>
      Effect.gen(function*() {
        const text = "Dr. Ada Lovelace met Mr. Babbage in London on Jan. 5 to discuss the engine. " +
          "The U.S. edition of her notes sold 3.5 thousand copies within a year. Nobody expected that at all."
        const { summary } = yield* analyze("Ada Lovelace", text)
        expect(summary).toContain("Dr. Ada Lovelace met Mr. Babbage in London on Jan. 5 to discuss the engine.")
        expect(text).toContain(summary.split(" The U.S.")[0] ?? "")
      }))

    it.effect("a text whose only sentence is longer than the bound gets no summary rather than a fragment", () =>
      Effect.gen(function*() {
        const text = `${
          "The committee reviewed every clause of the long agreement carefully ".repeat(12)
        }and approved it.`
        expect((yield* analyze("", text)).summary).toBe("")
      }))

    it.effect("paragraph breaks separate headings from sentences", () =>
      Effect.gen(function*() {
        const text =
          "Getting started\n\nInstall the command line tool with your package manager before anything else. " +
          "Then run the setup command once to create a configuration file in your home directory."
        const { summary } = yield* analyze("Getting started", text)
        expect(summary.startsWith("Install the command line tool")).toBe(true)
      }))

    it.effect("whitespace-only text gives nothing", () =>
      Effect.gen(function*() {
        expect(yield* analyze("A title", "  \n\t ")).toEqual({ summary: "", tags: [] })
      }))
  })

  describe("tags", () => {
    it.effect("up to 5 lowercase keywords of the text, title words first, no stop words, boilerplate or numbers", () =>
      Effect.gen(function*() {
        const { tags } = yield* analyze("How sourdough bread works", article)
        expect(tags.length).toBeGreaterThan(0)
        expect(tags.length).toBeLessThanOrEqual(5)
        // The page repeats "sourdough bread": the phrase is one tag, and its words are not tags beside it.
        expect(tags[0]).toBe("sourdough bread")
        expect(tags).not.toEqual(expect.arrayContaining(["sourdough"]))
        expect(tags).not.toEqual(expect.arrayContaining(["bread"]))
        for (const tag of tags) {
          expect(tag).toBe(tag.toLowerCase())
          expect(tag.length).toBeGreaterThanOrEqual(3)
          expect(tag.length).toBeLessThanOrEqual(32)
          expect(article.toLowerCase()).toContain(tag)
          expect(tag).not.toMatch(/^\d+$/)
        }
        expect(tags).not.toEqual(expect.arrayContaining(["cookies"]))
        expect(tags.some((tag) => ["the", "and", "click", "subscribe", "accept", "2023"].includes(tag))).toBe(false)
      }))

    it.effect("plural and possessive forms count as one keyword, written as the text writes it most", () =>
      Effect.gen(function*() {
        const text =
          "Owls hunt at night. An owl's hearing is precise. Owls can turn their heads far. Owls fly silently."
        const { tags } = yield* analyze("", text)
        expect(tags[0]).toBe("owls")
        expect(tags.filter((tag) => tag.startsWith("owl"))).toHaveLength(1)
      }))
  })
})
