/**
 * How the quality suite judges one enriched bookmark against its page's expectations: title and description
 * equality, summary sentences verbatim inside one block of the page's own content (and inside its gist), tags that
 * name a topic of the page, and tags that are variants of each other.
 */
import snowball from "snowball-stemmers"
import type { Expected } from "./Page.js"

const squash = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim()

export const titleOk = (actual: string, expected: Expected) => squash(actual) === squash(expected.title)

/** The expected description, or a clip of it: cut at "…", or whole sentences of it (at least one, 60+ characters). */
export const descriptionOk = (actual: string, expected: Expected) => {
  const want = squash(expected.description)
  const got = squash(actual)
  if (got === want) return true
  if (got.endsWith("…")) {
    const head = got.slice(0, -1).trimEnd()
    return head.length >= 60 && want.startsWith(head)
  }
  return got.length >= 60 && /[.!?。！？]$/.test(got) && want.startsWith(got)
}

/** Places a summary may be cut into sentences: after sentence punctuation (and closing quotes) and a space. */
const cutPoints = (summary: string): ReadonlyArray<number> => {
  const points: Array<number> = []
  for (const match of summary.matchAll(/[.!?…]["'”’)\]]*\s+|[。！？]\s*/gu)) {
    const end = match.index + match[0].length
    if (end < summary.length) points.push(end)
  }
  return points
}

/** The partition of `summary` into the most pieces that each lie inside one of `blocks`; undefined when none does. */
const partition = (summary: string, blocks: ReadonlyArray<string>): ReadonlyArray<string> | undefined => {
  const bounds = [0, ...cutPoints(summary), summary.length]
  const inside = (piece: string) => piece !== "" && blocks.some((block) => block.includes(piece))
  // best[i]: the most pieces covering summary[0, bounds[i]).
  const best: Array<ReadonlyArray<string> | undefined> = [[]]
  for (let i = 1; i < bounds.length; i++) {
    let chosen: ReadonlyArray<string> | undefined
    for (let j = 0; j < i; j++) {
      const before = best[j]
      if (before === undefined) continue
      const piece = summary.slice(bounds[j], bounds[i]).trim()
      if (inside(piece) && (chosen === undefined || before.length + 1 > chosen.length)) chosen = [...before, piece]
    }
    best.push(chosen)
  }
  return best[bounds.length - 1]
}

export interface SummaryScore {
  readonly sentences: number
  /** Sentences lying inside one block of the page's own content, word for word. */
  readonly verbatim: number
  /** Sentences lying inside a gist block. */
  readonly gist: number
  readonly pieces: ReadonlyArray<string>
}

export const summaryScore = (summary: string, expected: Expected): SummaryScore => {
  const text = squash(summary)
  if (text === "") return { sentences: 0, verbatim: 0, gist: 0, pieces: [] }
  const content = expected.content.map(squash)
  const verbatim = partition(text, content)
  if (verbatim === undefined) {
    // Not made of the page's sentences: count the sentences as written and credit only those found whole.
    const bounds = [0, ...cutPoints(text), text.length]
    const pieces = bounds.slice(1).map((end, i) => text.slice(bounds[i], end).trim())
    const found = pieces.filter((piece) => content.some((block) => block.includes(piece))).length
    return { sentences: pieces.length, verbatim: found, gist: 0, pieces }
  }
  const gistBlocks = expected.gist.map(squash)
  const gist = verbatim.filter((piece) => gistBlocks.some((block) => block.includes(piece))).length
  return { sentences: verbatim.length, verbatim: verbatim.length, gist, pieces: verbatim }
}

const stemmers = new Map<string, snowball.Stemmer>()
const languages: Readonly<Record<string, string>> = {
  en: "english", de: "german", fr: "french", es: "spanish", it: "italian", nl: "dutch", pt: "portuguese"
}

const stemmerFor = (lang: string): snowball.Stemmer | undefined => {
  const name = languages[lang]
  if (name === undefined) return undefined
  let found = stemmers.get(name)
  if (found === undefined) {
    found = snowball.newStemmer(name)
    stemmers.set(name, found)
  }
  return found
}

const wordsOf = (text: string): ReadonlyArray<string> => text.toLowerCase().normalize("NFC").split(/[\s\-–—/]+/).filter((w) => w !== "")

/** A word reduced to what its inflections share: Snowball for the page's language, plus common English endings. */
const root = (word: string, lang: string): string => {
  const bare = word.replace(/['’]s$/, "")
  const stemmed = stemmerFor(lang)?.stem(bare) ?? bare
  return stemmed.replace(/(?:ing|ed|es|er|s|e)$/, "")
}

const roots = (text: string, lang: string) => wordsOf(text).map((w) => root(w, lang))

const containsRun = (haystack: ReadonlyArray<string>, needle: ReadonlyArray<string>) =>
  needle.length > 0 && haystack.some((_, i) => needle.every((n, k) => haystack[i + k] === n))

/** A tag names a topic: the same words up to inflection, a part of a topic phrase, or a topic inside a short tag. */
export const tagMatches = (tag: string, topics: ReadonlyArray<string>, lang: string): boolean => {
  const t = roots(tag, lang)
  return topics.some((topic) => {
    const p = roots(topic, lang)
    if (t.join(" ") === p.join(" ")) return true
    if (containsRun(p, t) && wordsOf(tag).some((w) => w.length >= 4)) return true
    return t.length <= 3 && containsRun(t, p)
  })
}

/** Pairs of tags that are inflections of each other ("bake" and "baking", "borrow" and "borrowing"). */
export const variantPairs = (tags: ReadonlyArray<string>, lang: string): ReadonlyArray<readonly [string, string]> => {
  const pairs: Array<readonly [string, string]> = []
  tags.forEach((a, i) => {
    for (const b of tags.slice(i + 1)) {
      if (roots(a, lang).join(" ") === roots(b, lang).join(" ")) pairs.push([a, b])
    }
  })
  return pairs
}

const timeWords = new Set([
  "hour", "hours", "minute", "minutes", "second", "seconds", "day", "days", "week", "weeks", "month", "months", "year",
  "years", "today", "yesterday", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
  "november", "december", "morning", "evening", "night", "ago"
])
const units = new Set(["km", "kg", "mm", "cm", "ml", "mg", "g", "lb", "oz", "cup", "cups", "tbsp", "tsp", "kcal", "mph", "hz", "khz", "min", "sec", "percent"])

/** A tag that is only a number, a unit or a time word: never what a page is about. */
export const isJunkTag = (tag: string): boolean => {
  const words = wordsOf(tag)
  return words.every((w) => /^[\d.,:%°]+$/.test(w) || timeWords.has(w) || units.has(w))
}
