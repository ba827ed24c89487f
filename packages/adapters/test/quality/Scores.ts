/**
 * How the quality suite judges one enriched bookmark against its page's expectations: title and description
 * equality, summary sentences verbatim inside one block of the page's own content (and inside its gist), tags that
 * name a topic of the page, and tags that are variants of each other.
 */
import snowball from "snowball-stemmers"
import type { Expected } from "./Page.js"

const squash = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim()

/**
 * How titles and descriptions are compared, the same for both sets (docs/enrichment.md, "How answers are judged (`Scores.ts`, the same for both sets)"):
 * Unicode compatibility forms folded (full-width "＜" is "<"), curly quotes straight, dashes one dash, no-break and
 * other spaces one space, no space beside a character of a script written without spaces (Chinese, Japanese:
 * "成否 （写真" is "成否(写真"), citation markers ("[1]", "[citation needed]") gone, case ignored.
 */
export const normalise = (text: string): string =>
  text.normalize("NFKC")
    .replace(/[‘’‚‛′]/g, "'").replace(/[“”„‟″«»]/g, "\"")
    .replace(/[‐‑‒–—―−]/g, "-")
    .replace(/\[(?:\d{1,3}|[a-z]|citation needed|note \d+)\]/gi, "")
    .replace(/[\s\u00A0\u200B\uFEFF]+/g, " ")
    .replace(/ ?([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]) ?/gu, "$1")
    .replace(
      /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]) (?=[(:=\p{Script=Han}])|(?<=[)=:]) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu,
      "$1"
    )
    .trim()
    .toLowerCase()

/** Separators between a title and its site's or section's name. */
const titleSeparator =
  /\s+[|\-·•»:~/]\s+|\s*[_|]\s*|\s+::\s+|\s*[：｜]\s*|:\s+|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana})])\s*:/gu

/**
 * The reference title, and the reference without the segments at either end that name a site or section
 * ("Mozilla - Wikipedia" → "Mozilla"): a reference that keeps the site's name still names the page the same way.
 */
const titleReadings = (reference: string): ReadonlyArray<string> => {
  const whole = normalise(reference)
  const separators = [...whole.matchAll(titleSeparator)]
  const starts = [0, ...separators.map((m) => m.index + m[0].length)]
  const ends = [...separators.map((m) => m.index), whole.length]
  const readings = new Set([whole])
  for (const start of starts) for (const end of ends) if (end > start) readings.add(whole.slice(start, end).trim())
  return [...readings].filter((reading) => reading !== "")
}

export const titleOk = (actual: string, expected: Expected) => {
  const got = normalise(actual)
  return got !== "" && titleReadings(expected.title).includes(got)
}

/** A clip of `whole`: cut at "…" (60+ characters kept), or its whole sentences (at least one, 60+ characters). */
const clipOf = (clip: string, whole: string): boolean => {
  if (clip.endsWith("…") || clip.endsWith("...")) {
    const head = clip.replace(/(?:…|\.\.\.)$/, "").trimEnd()
    return head.length >= 60 && whole.startsWith(head)
  }
  return clip.length >= 60 && /[.!?。！？]$/.test(clip) && whole.startsWith(clip)
}

/** A reference its source cut short without a mark: 60+ characters of ours, ending at a word. */
const cutShort = (reference: string, ours: string): boolean =>
  reference.length >= 60 && ours.startsWith(reference) && ours[reference.length] === " "

export const descriptionOk = (actual: string, expected: Expected) => {
  const want = normalise(expected.description)
  const got = normalise(actual)
  if (got === "") return want === ""
  return got === want || clipOf(got, want) || clipOf(want, got) || cutShort(want, got)
}

/** Places a summary may be cut into sentences: after sentence punctuation (and closing quotes) and a space. */
const cutPoints = (summary: string): ReadonlyArray<number> => {
  const points: Array<number> = []
  // Thai ends a sentence with a space between two Thai letters; Arabic asks with "؟".
  for (
    const match of summary.matchAll(/[.!?…؟]["'”’)\]]*\s+|[。！？]\s*|(?<=\p{Script=Thai})\s+(?=\p{Script=Thai})/gu)
  ) {
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
  en: "english",
  de: "german",
  fr: "french",
  es: "spanish",
  it: "italian",
  nl: "dutch",
  pt: "portuguese"
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

const wordsOf = (text: string): ReadonlyArray<string> =>
  text.toLowerCase().normalize("NFC").split(/[\s\-–—/]+/).filter((w) => w !== "")

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
  "hour",
  "hours",
  "minute",
  "minutes",
  "second",
  "seconds",
  "day",
  "days",
  "week",
  "weeks",
  "month",
  "months",
  "year",
  "years",
  "today",
  "yesterday",
  "tomorrow",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "morning",
  "evening",
  "night",
  "ago"
])
const units = new Set([
  "km",
  "kg",
  "mm",
  "cm",
  "ml",
  "mg",
  "g",
  "lb",
  "oz",
  "cup",
  "cups",
  "tbsp",
  "tsp",
  "kcal",
  "mph",
  "hz",
  "khz",
  "min",
  "sec",
  "percent"
])

/** A tag that is only a number, a unit or a time word: never what a page is about. */
export const isJunkTag = (tag: string): boolean => {
  const words = wordsOf(tag)
  return words.every((w) => /^[\d.,:%°]+$/.test(w) || timeWords.has(w) || units.has(w))
}
