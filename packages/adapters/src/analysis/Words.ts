/**
 * Words of a text for keyword analysis: lowercased tokens as written (with their original case kept beside them,
 * for names), a dictionary segmenter for languages written without spaces, and Snowball stems that merge the
 * inflections of a word ("bake", "baking", "bakes"; "borrow", "borrowing") into one keyword.
 */
import snowball from "snowball-stemmers"
import { type Language, unspaced } from "./Language.js"

/**
 * Runs of letters or digits (with the combining marks of Arabic, Hebrew or Indic vowels inside them) joined by
 * inner hyphens or apostrophes ("open-source", "don't"); a run that starts
 * with a digit ("45L", "2024") is a quantity, dropped after matching so that its letters never make a word.
 */
const wordPattern = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu

export interface Token {
  /** As written. */
  readonly text: string
  readonly lower: string
}

const segmenters = new Map<Language, Intl.Segmenter>()

const segment = (text: string, language: Language): ReadonlyArray<string> => {
  let segmenter = segmenters.get(language)
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" })
    segmenters.set(language, segmenter)
  }
  const out: Array<string> = []
  let afterNumber = false
  for (const part of segmenter.segment(text)) {
    if (part.isWordLike !== true) continue
    // A counter after a number ("27日", "5 km") measures; it names nothing.
    if (/\p{L}/u.test(part.segment) && !(afterNumber && part.segment.length === 1)) out.push(part.segment)
    afterNumber = /^\p{N}+$/u.test(part.segment)
  }
  return out
}

export const tokens = (text: string, language: Language = "en"): ReadonlyArray<Token> =>
  (unspaced(language)
    ? segment(text, language)
    : (text.match(wordPattern) ?? []).filter((word) => /^\p{L}/u.test(word)))
    .map((word) => ({ text: word, lower: word.toLowerCase() }))

export const words = (text: string, language: Language = "en"): ReadonlyArray<string> =>
  tokens(text, language).map((t) => t.lower)

const algorithms: Readonly<Partial<Record<Language, string>>> = {
  en: "english",
  de: "german",
  fr: "french",
  es: "spanish",
  it: "italian",
  nl: "dutch",
  pt: "portuguese",
  sv: "swedish",
  cs: "czech",
  tr: "turkish",
  ru: "russian",
  ar: "arabic"
}
const stemmers = new Map<Language, snowball.Stemmer | undefined>()

/** The Snowball stem (Porter2 for English) of a lowercase word; the word itself where no stemmer applies. */
export const stem = (word: string, language: Language = "en"): string => {
  if (!stemmers.has(language)) {
    const algorithm = algorithms[language]
    stemmers.set(language, algorithm === undefined ? undefined : snowball.newStemmer(algorithm))
  }
  const base = word.replace(/['’]s$/, "")
  return stemmers.get(language)?.stem(base) ?? base
}
