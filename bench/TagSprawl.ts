/**
 * Tag sprawl on a 2,000-page import (docs/enrichment.md, "Tags"): pages drawn from the quality suite's development
 * set and, apart, from its held-out set (real pages), each a variant of its page (a random part of its paragraphs,
 * as a library holds many pages on the same topics, never twice the same text), tagged in import order by the local
 * analyzer with the library's vocabulary as it grows (the account's tag counts, as `Bookmarks.tags` returns them).
 * Reports distinct generated tags ÷ bookmarks, the share of generated tags on one bookmark only, and how many tags
 * are on topic (development: the suite's measure against each page's topics; held-out, which has no topic
 * annotations: named by the reference's own title or description). In process, no server: seconds, not minutes.
 * `npm run bench -- --only=tags`, or `node --conditions=@bookmark-library/source --import tsx bench/TagSprawl.ts [pages]`.
 */
import * as LocalContentAnalyzer from "../packages/adapters/src/analysis/LocalContentAnalyzer.js"
import * as HtmlMetadata from "../packages/adapters/src/extract/HtmlMetadata.js"
import * as HtmlPageExtractor from "../packages/adapters/src/extract/HtmlPageExtractor.js"
import * as Development from "../packages/adapters/test/quality/Development.js"
import * as HeldOut from "../packages/adapters/test/quality/HeldOut.js"
import type { Page } from "../packages/adapters/test/quality/Page.js"
import * as Scores from "../packages/adapters/test/quality/Scores.js"
import * as VocabularyRead from "./VocabularyRead.js"

interface Source {
  readonly page: Page
  readonly title: string
  readonly news: boolean
  readonly blocks: ReadonlyArray<string>
  /** Whether a tag is on topic; undefined: not judged. */
  readonly onTopic: ((tag: string) => boolean) | undefined
}

export interface Figures {
  readonly set: string
  readonly bookmarks: number
  readonly distinct: number
  readonly perBookmark: number
  readonly usedOnce: number
  readonly onTopic: number
  readonly judged: number
  readonly tagsPerBookmark: number
  readonly untagged: number
  readonly ms: number
  /** The generated tags of each bookmark, in import order. */
  readonly library: ReadonlyArray<ReadonlyArray<string>>
}

/** Deterministic, so before and after tag the same 2,000 pages. */
const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5)
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const sourceOf = (page: Page, onTopic: ((tag: string) => boolean) | undefined): Source => {
  const extracted = HtmlPageExtractor.extract(
    {
      url: page.url,
      contentType: "text/html; charset=utf-8",
      body: new TextEncoder().encode(page.rendered ?? page.html)
    },
    HtmlMetadata
  )
  return {
    page,
    title: extracted.title,
    news: extracted.news === true,
    blocks: extracted.text.split(/\n\s*\n/).filter((b) => b.trim() !== ""),
    onTopic
  }
}

/** Imports `count` variants of the sources in a random order, each tagged with the library's vocabulary so far. */
export const run = (set: string, sources: ReadonlyArray<Source>, count: number, seed = 30): Figures => {
  const random = mulberry32(seed)
  const library = new Map<string, number>()
  const perBookmark: Array<ReadonlyArray<string>> = []
  let onTopic = 0
  let judged = 0
  let tagged = 0
  let untagged = 0
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const source = sources[Math.floor(random() * sources.length)]!
    // Another page on the same topic: a run of 30–60 % of the page's blocks, and its title half of the time.
    const n = source.blocks.length
    const length = Math.min(n, Math.max(3, Math.ceil(n * (0.3 + 0.3 * random()))))
    const start = Math.floor(random() * (n - length + 1))
    const text = source.blocks.slice(start, start + length).join("\n\n")
    const title = random() < 0.5 ? source.title : ""
    const vocabulary = [...library].map(([tag, n]) => ({ tag, count: n })).sort((a, b) => b.count - a.count)
    const { tags } = LocalContentAnalyzer.analyze({ title, text, news: source.news, vocabulary })
    perBookmark.push(tags)
    if (tags.length === 0) untagged++
    tagged += tags.length
    for (const tag of tags) library.set(tag, (library.get(tag) ?? 0) + 1)
    if (source.onTopic !== undefined) {
      judged += tags.length
      onTopic += tags.filter(source.onTopic).length
    }
  }
  const distinct = library.size
  return {
    set,
    bookmarks: count,
    distinct,
    perBookmark: distinct / count,
    usedOnce: distinct === 0 ? 0 : [...library.values()].filter((n) => n === 1).length / distinct,
    onTopic: judged === 0 ? 1 : onTopic / judged,
    judged,
    tagsPerBookmark: tagged / count,
    untagged,
    ms: performance.now() - started,
    library: perBookmark
  }
}

/** Held-out pages have no topics: a tag is on topic when the reference's title or description names it, or the
 * article its maintainers annotated uses it twice (so a footer's, a menu's or a site's word is not). */
const namedByReference = (page: HeldOut.HeldOutPage) => {
  const article = page.article.join("\n").toLowerCase()
  const named = [page.expected.title, page.expected.description].filter((t) => t !== "")
  return (tag: string) => {
    if (Scores.tagMatches(tag, named, page.lang)) return true
    const first = article.indexOf(tag)
    return first !== -1 && article.indexOf(tag, first + tag.length) !== -1
  }
}

export const measure = (count = 2_000, only?: string): ReadonlyArray<Figures> => [
  ...(only === "held-out" ? [] : [run(
    "development",
    Development.pages.map((page) =>
      sourceOf(
        page,
        page.expected.topics.length === 0
          ? undefined
          : (tag) => Scores.tagMatches(tag, page.expected.topics, page.lang)
      )
    ),
    count
  )]),
  ...(only === "development"
    ? []
    : [run("held-out", HeldOut.pages.map((page) => sourceOf(page, namedByReference(page))), count)])
]

const percent = (x: number) => `${(x * 100).toFixed(1)} %`

export const render = (figures: ReadonlyArray<Figures>): ReadonlyArray<string> => [
  "## Tag sprawl (2,000-page import)",
  "",
  "| set | bookmarks | distinct generated tags | ÷ bookmarks (≤ 0.3) | used on one bookmark (≤ 40 %) | on topic (≥ 85 %) | tags per bookmark | untagged | time |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...figures.map((f) =>
    `| ${f.set} | ${f.bookmarks} | ${f.distinct} | ${f.perBookmark.toFixed(3)} | ${percent(f.usedOnce)} | ${
      percent(f.onTopic)
    } of ${f.judged} | ${f.tagsPerBookmark.toFixed(2)} | ${f.untagged} | ${(f.ms / 1000).toFixed(1)} s |`
  )
]

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = measure(Number(process.argv[2] ?? 2_000), process.argv[3])
  console.log(render(figures).join("\n"))
  for (const f of figures) {
    const read = await VocabularyRead.measure(f.library)
    console.log(
      `\nVocabulary read (${f.set}): \`Bookmarks.tags\` over ${read.bookmarks} bookmarks on PGlite, ${read.tags} tags: ` +
        `median ${read.medianMs.toFixed(1)} ms per enrichment job`
    )
  }
}
