/** LibraryTags through the local analyzer: the library's tags first, few and strong new ones, a person's tags win. */
import { describe, expect, it } from "@effect/vitest"
import * as LocalContentAnalyzer from "../../src/analysis/LocalContentAnalyzer.js"

const sourdough = [
  "Sourdough bread is leavened by a culture of wild yeast and lactic acid bacteria rather than by baker's yeast.",
  "The starter is a mixture of flour and water that ferments for several days before it can raise a loaf.",
  "Bakers feed the starter with fresh flour and water every day to keep the yeast active.",
  "A long fermentation gives sourdough bread its sour flavour and its open, chewy crumb.",
  "Some people find sourdough easier to digest than other breads, and the starter keeps for years."
].join("\n\n")

const analyze = (input: Partial<Parameters<typeof LocalContentAnalyzer.analyze>[0]>) =>
  LocalContentAnalyzer.analyze({ title: "How sourdough bread works", text: sourdough, ...input }).tags

const library = (...tags: ReadonlyArray<string>) => tags.map((tag, i) => ({ tag, count: 10 - i }))

describe("LibraryTags", () => {
  it("mints at most K new tags on an empty library (K = 2 unless set), strongest first", () => {
    expect(analyze({}).length).toBeLessThanOrEqual(2)
    expect(analyze({})).toContain("sourdough bread")
    expect(analyze({ maxNew: 1 })).toHaveLength(1)
    expect(analyze({ maxNew: 0 })).toEqual([])
  })

  it("picks the library's tags, in the library's spelling, by stem and by synonym, over new ones", () => {
    const tags = analyze({ vocabulary: library("Starters", "yeasts", "Cooking") })
    expect(tags).toContain("Starters")
    expect(tags).toContain("yeasts")
    // No new tag overlaps a library tag chosen, and no two tags are forms of one word.
    expect(tags.filter((t) => /starter|yeast/i.test(t))).toHaveLength(2)
    const synonyms = LocalContentAnalyzer.analyze({
      title: "The silent film era",
      text: "A silent film has no synchronised sound.\n\nEvery silent film of the era was shown with live music.",
      vocabulary: library("Movies")
    }).tags
    expect(synonyms).toContain("Movies")
    expect(synonyms.some((t) => /film/.test(t))).toBe(false)
  })

  it("keeps a library tag the page barely mentions out, and mints nothing the page is not strongly about", () => {
    const tags = analyze({ vocabulary: library("crumb", "lactic acid bacteria") })
    expect(tags).not.toContain("crumb")
    expect(tags).not.toContain("lactic acid bacteria")
    for (const tag of tags) expect(["sourdough bread", "starter", "flour water", "yeast"]).toContain(tag)
  })

  it("never mints a number, a date, the site's name or boilerplate", () => {
    const text = [
      "The Harbour Times newsletter reports on the harbour. Subscribe to the newsletter for harbour news.",
      "Harbour Times readers get the newsletter on 12 May 2024. The harbour newsletter is free.",
      "The harbour reopened in 2024 after the storm; the harbour wall was rebuilt in 2024."
    ].join("\n\n")
    const tags = LocalContentAnalyzer.analyze({
      title: "Harbour Times newsletter: the harbour in 2024",
      text,
      site: "www.harbourtimes.co.uk",
      maxNew: 5
    }).tags
    expect(tags).toContain("harbour")
    for (const tag of tags) expect(tag).not.toMatch(/^(?:newsletter|harbour times|2024|12 may 2024|subscribe)$/)
  })

  it("a person's tags win: no generated tag repeats or inflects one, and the rest still get tagged", () => {
    const tags = analyze({ given: ["Sourdoughs"], vocabulary: library("sourdough", "starter") })
    expect(tags.some((t) => /sourdough/i.test(t))).toBe(false)
    expect(tags).toContain("starter")
  })
})
