/**
 * A small table of words that name the same topic ("js" and "javascript", "film" and "movie"): a library that says
 * one keeps it when a page says the other (docs/enrichment.md, "Tags"). Written in English; inflections need no entry
 * (stems already join them). Deliberately small: a wrong synonym puts a wrong tag on a page.
 */
import { stem, words } from "./Words.js"

const groups: ReadonlyArray<ReadonlyArray<string>> = [
  ["javascript", "js", "ecmascript"],
  ["typescript", "ts"],
  ["python", "py"],
  ["golang", "go language"],
  ["postgresql", "postgres"],
  ["kubernetes", "k8s"],
  ["database", "databases", "db"],
  ["machine learning", "ml"],
  ["artificial intelligence", "ai"],
  ["large language model", "llm"],
  ["user interface", "ui"],
  ["user experience", "ux"],
  ["programming", "coding"],
  ["developer", "programmer"],
  ["operating system", "os"],
  ["command line", "cli", "terminal"],
  ["open source", "open-source", "oss"],
  ["e-commerce", "ecommerce"],
  ["email", "e-mail"],
  ["film", "movie", "cinema"],
  ["photography", "photo", "photos"],
  ["bicycle", "bike", "cycling"],
  ["car", "automobile"],
  ["recipe", "recipes", "cooking", "cookery"],
  ["travel", "travelling", "traveling", "trip"],
  ["climate change", "global warming"],
  ["covid-19", "covid", "coronavirus"],
  ["united states", "usa", "us"],
  ["united kingdom", "uk", "britain"],
  ["smartphone", "mobile phone", "cell phone"],
  ["startup", "start-up"],
  ["economy", "economics"],
  ["health", "healthcare", "health care"]
]

const keys = new Map<string, string>()
/** Bounds the memo: a worker sees many accounts' vocabularies, each read once per job. */
const maxKeys = 50_000

/** The stems of a tag, joined: the key two spellings of one term share. Memoised: a library's tags recur. */
export const keyOf = (tag: string, language: Parameters<typeof stem>[1] = "en"): string => {
  const memo = `${language}\u0000${tag}`
  const known = keys.get(memo)
  if (known !== undefined) return known
  const key = words(tag.toLowerCase(), language).map((w) => stem(w, language)).join(" ")
  if (keys.size >= maxKeys) keys.clear()
  keys.set(memo, key)
  return key
}

/** Built on first use: the stemmers load lazily. */
let byKey: Map<string, number> | undefined

const table = (): Map<string, number> => {
  if (byKey !== undefined) return byKey
  const built = new Map<string, number>()
  groups.forEach((group, index) => {
    for (const member of group) {
      built.set(keyOf(member), index)
      built.set(member, index)
    }
  })
  byKey = built
  return built
}

/** The synonym group of a tag (by its English stems, or as written), if the table has one. */
export const groupOf = (tag: string): number | undefined => table().get(keyOf(tag)) ?? table().get(tag.toLowerCase())

/** The spellings of a tag's group (itself included). */
export const spellings = (tag: string): ReadonlyArray<string> => {
  const group = groupOf(tag)
  return group === undefined ? [tag] : [tag, ...(groups[group] ?? [])]
}
