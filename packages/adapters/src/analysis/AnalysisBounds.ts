/**
 * Holds an analysis from outside (a language model) to the port's promises: summary sentences quoted word for word
 * from one block of the text (never across a heading), at most three and 500 characters; at most 5 lowercase tags
 * that occur in the text, none a stop word, number, unit or time word, none an inflection of another or of a tag the bookmark already has. Whatever
 * fails is dropped.
 */
import * as ExtractiveSummary from "./ExtractiveSummary.js"
import * as Keywords from "./Keywords.js"
import { detect } from "./Language.js"
import * as Sentences from "./Sentences.js"
import { isStopWord } from "./StopWords.js"
import { stem, words } from "./Words.js"

const squash = (value: string) => value.replace(/\s+/g, " ").trim()

/** The sentences of `summary` that one block of the text contains word for word, in the answer's order, within the bound. */
export const quotedSummary = (summary: string, text: string): string => {
  const blocks = text.split(/\n\s*\n/).map(squash)
  const kept: Array<string> = []
  let length = 0
  for (const { text: sentence } of Sentences.split(squash(summary))) {
    if (kept.length === 3) break
    if (!blocks.some((block) => block.includes(sentence))) continue
    const added = length === 0 ? sentence.length : length + 1 + sentence.length
    if (added > ExtractiveSummary.maxLength) continue
    kept.push(sentence)
    length = added
  }
  return kept.join(" ")
}

/** Lowercase tags of 3–32 characters occurring in the text, not stop words, numbers or units, no two alike; at most 5. */
export const validTags = (tags: ReadonlyArray<string>, text: string, given: ReadonlyArray<string> = []): ReadonlyArray<string> => {
  const language = detect(text)
  const taken = Keywords.stemsOf(given, language)
  const haystack = text.toLowerCase()
  const kept: Array<{ readonly tag: string; readonly stems: ReadonlyArray<string> }> = []
  for (const raw of tags) {
    const tag = squash(raw.replace(/^#/, "")).toLowerCase()
    if (tag.length < 3 || tag.length > 32 || /^[\d\s.,-]+$/.test(tag) || !haystack.includes(tag)) continue
    const tagWords = words(tag, language)
    if (tagWords.length === 0 || tagWords.every((word) => isStopWord(word, language))) continue
    const stems = tagWords.map((word) => stem(word, language))
    if (kept.some((other) => other.stems.some((s) => stems.includes(s)))) continue
    if (stems.some((s) => taken.has(s))) continue
    kept.push({ tag, stems })
    if (kept.length === Keywords.maxTags) break
  }
  return kept.map(({ tag }) => tag)
}
