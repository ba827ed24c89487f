/**
 * The enrichment quality suite, on two sets enriched as the worker does it (Enrich.ts):
 * - the development set (pages/*.ts): pages written for the suite in each kind of site's habits, plus one page per
 *   failure class seen on real pages; rules are tuned against these;
 * - the held-out set (HeldOut.ts): real pages from other extractors' published fixtures with their annotated
 *   titles, descriptions and article text, which no rule is tuned on.
 * Both are judged the same way (Scores.ts) and printed every run; the floors of docs/enrichment.md hold on both.
 */
import { beforeAll, describe, expect, it } from "@effect/vitest"
import * as Development from "./Development.js"
import { enrichAll, type Enriched } from "./Enrich.js"
import * as HeldOut from "./HeldOut.js"
import type { Page } from "./Page.js"
import * as Scores from "./Scores.js"
import * as TextBlocks from "./TextBlocks.js"

const development = Development.pages

/** The floors of docs/enrichment.md; the gist and tag floors keep the development set's level from slipping. */
export const floors = {
  development: { title: 0.97, description: 0.92, verbatim: 1, gist: 0.85, tags: 0.8 },
  heldOut: { title: 0.95, description: 0.92, verbatim: 1 }
} as const

interface Figures {
  readonly pages: number
  readonly title: number
  /** Pages whose title was judged (a reference with no title judges nothing). */
  readonly titlesJudged: number
  readonly description: number
  /** Pages whose description was judged (a reference with no description judges nothing). */
  readonly descriptionsJudged: number
  readonly verbatim: number
  readonly gist: number
  readonly twoToThree: number
  readonly tags: number
  readonly junkTags: number
  readonly variantPairs: number
  /** Pages with three or more sentences of prose whose summary is empty. */
  readonly emptySummaries: number
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole)
const percent = (value: number) => `${(value * 100).toFixed(1)} %`

/** Sentences of prose in the page's content: the reference article's for a held-out page, the content blocks else. */
const sentencesOf = (page: Page): number =>
  "sentences" in page && typeof page.sentences === "number"
    ? page.sentences
    : TextBlocks.sentenceCount(page.expected.content)

const measure = (results: ReadonlyArray<Enriched>) => {
  const misses: Array<string> = []
  let titles = 0
  let titlesJudged = 0
  let descriptions = 0
  let judged = 0
  let sentences = 0
  let verbatim = 0
  let gist = 0
  let twoToThree = 0
  let tags = 0
  let goodTags = 0
  let junk = 0
  let variants = 0
  let empty = 0
  for (const r of results) {
    const { expected, id, lang } = r.page
    if (expected.title.trim() !== "") {
      titlesJudged++
      if (Scores.titleOk(r.title, expected)) titles++
      else misses.push(`${id} title: ${JSON.stringify(r.title)} (want ${JSON.stringify(expected.title)})`)
    }
    if (expected.description.trim() !== "") {
      judged++
      if (Scores.descriptionOk(r.description, expected)) descriptions++
      else {misses.push(
          `${id} description: ${JSON.stringify(r.description.slice(0, 200))} (want ${
            JSON.stringify(expected.description.slice(0, 200))
          })`
        )}
    }
    const summary = Scores.summaryScore(r.summary, expected)
    sentences += summary.sentences
    verbatim += summary.verbatim
    gist += summary.gist
    if (summary.sentences >= 2 && summary.sentences <= 3) twoToThree++
    if (summary.sentences === 0 && sentencesOf(r.page) >= 3) {
      empty++
      misses.push(`${id} summary empty (${sentencesOf(r.page)} sentences of prose)`)
    } else if (summary.verbatim < summary.sentences || summary.gist < summary.sentences) {
      misses.push(
        `${id} summary (${summary.verbatim}/${summary.gist}/${summary.sentences}): ${
          JSON.stringify(r.summary.slice(0, 300))
        }`
      )
    }
    if (expected.topics.length === 0) continue
    tags += r.tags.length
    const good = r.tags.filter((tag) => Scores.tagMatches(tag, expected.topics, lang))
    goodTags += good.length
    junk += r.tags.filter(Scores.isJunkTag).length
    const pairs = Scores.variantPairs(r.tags, lang)
    variants += pairs.length
    if (good.length < r.tags.length || pairs.length > 0) {
      misses.push(
        `${id} tags: ${JSON.stringify(r.tags)} off-topic ${JSON.stringify(r.tags.filter((t) => !good.includes(t)))}${
          pairs.length > 0 ? ` variants ${JSON.stringify(pairs)}` : ""
        }`
      )
    }
  }
  const figures: Figures = {
    pages: results.length,
    title: ratio(titles, titlesJudged),
    titlesJudged,
    description: ratio(descriptions, judged),
    descriptionsJudged: judged,
    verbatim: ratio(verbatim, sentences),
    gist: ratio(gist, sentences),
    twoToThree: ratio(twoToThree, results.length),
    tags: ratio(goodTags, tags),
    junkTags: junk,
    variantPairs: variants,
    emptySummaries: empty
  }
  return { figures, misses }
}

const report = (name: string, results: ReadonlyArray<Enriched>, gistName: string) => {
  const { figures, misses } = measure(results)
  const languages = [...new Set(results.map((r) => r.page.lang))].sort()
  const perLanguage = languages.map((lang) => {
    const { figures: f } = measure(results.filter((r) => r.page.lang === lang))
    return `    ${lang.padEnd(4)} ${String(f.pages).padStart(3)} pages: title ${
      percent(f.title)
    } of ${f.titlesJudged}, description ${percent(f.description)} of ${f.descriptionsJudged}, verbatim ${
      percent(f.verbatim)
    }, empty summaries ${f.emptySummaries}`
  })
  console.log([
    `${name}: ${figures.pages} pages`,
    `  title                 ${percent(figures.title)} (of ${figures.titlesJudged} with a reference)`,
    `  description           ${percent(figures.description)} (of ${figures.descriptionsJudged} with a reference)`,
    `  summary verbatim      ${percent(figures.verbatim)} of sentences`,
    `  summary ${gistName.padEnd(13)} ${percent(figures.gist)} of sentences`,
    `  summary of 2–3        ${percent(figures.twoToThree)} of pages`,
    `  empty summaries       ${figures.emptySummaries} (pages with 3+ sentences of prose)`,
    ...(name.startsWith("development")
      ? [
        `  tag precision         ${percent(figures.tags)}`,
        `  junk tags             ${figures.junkTags}`,
        `  variant tag pairs     ${figures.variantPairs}`
      ]
      : []),
    `  per language:`,
    ...perLanguage,
    ...misses.map((m) => `  - ${m}`)
  ].join("\n"))
  return figures
}

describe("enrichment quality", () => {
  let dev: Figures
  let held: Figures
  beforeAll(async () => {
    dev = report("development set", await enrichAll(development), "from the gist")
    console.log(`held-out reference defects listed (heldout/Defects.ts): ${HeldOut.defectCount}`)
    held = report("held-out set", await enrichAll(HeldOut.pages), "from article")
  }, 300_000)

  it("has a development set of every kind and a held-out set of 100+ real pages, 15+ of them in 5+ other languages", () => {
    expect(development.length).toBeGreaterThanOrEqual(60)
    expect(new Set(development.map((p) => p.id)).size).toBe(development.length)
    for (const kind of ["news", "blog", "wiki", "docs", "forum", "recipe", "product", "video", "scripted"] as const) {
      expect(development.filter((p) => p.kind === kind).length, kind).toBeGreaterThanOrEqual(3)
    }
    expect(HeldOut.pages.length).toBeGreaterThanOrEqual(100)
    const foreign = HeldOut.pages.filter((p) => p.lang !== "en" && p.lang !== "und")
    expect(foreign.length).toBeGreaterThanOrEqual(15)
    expect(new Set(foreign.map((p) => p.lang)).size).toBeGreaterThanOrEqual(5)
    expect(foreign.some((p) => ["ar", "he", "fa"].includes(p.lang))).toBe(true)
  })

  it("development set: titles 97 %, descriptions 92 %, summaries verbatim and from the gist, tags on topic", () => {
    expect(dev.title).toBeGreaterThanOrEqual(floors.development.title)
    expect(dev.description).toBeGreaterThanOrEqual(floors.development.description)
    expect(dev.verbatim).toBe(floors.development.verbatim)
    expect(dev.gist).toBeGreaterThanOrEqual(floors.development.gist)
    expect(dev.emptySummaries).toBe(0)
    expect(dev.tags).toBeGreaterThanOrEqual(floors.development.tags)
    expect(dev.junkTags).toBe(0)
    expect(dev.variantPairs).toBe(0)
  })

  it("held-out set: titles 95 %, descriptions 92 %, summaries verbatim, none empty on a page of prose", () => {
    expect(held.title).toBeGreaterThanOrEqual(floors.heldOut.title)
    expect(held.description).toBeGreaterThanOrEqual(floors.heldOut.description)
    expect(held.verbatim).toBe(floors.heldOut.verbatim)
    expect(held.emptySummaries).toBe(0)
  })
})
