/**
 * Holds an analysis from outside (a language model) to the port's promises: summary sentences quoted from the
 * text, at most 500 characters; at most 5 lowercase tags that occur in the text. Whatever fails is dropped.
 */
import * as ExtractiveSummary from "./ExtractiveSummary.js"
import * as Keywords from "./Keywords.js"
import * as Sentences from "./Sentences.js"

const squash = (value: string) => value.replace(/\s+/g, " ").trim()

/** The sentences of `summary` that the text contains word for word, in the answer's order, within the bound. */
export const quotedSummary = (summary: string, text: string): string => {
  const haystack = squash(text)
  const kept: Array<string> = []
  let length = 0
  for (const { text: sentence } of Sentences.split(squash(summary))) {
    if (kept.length === 3) break
    if (!haystack.includes(sentence)) continue
    const added = length === 0 ? sentence.length : length + 1 + sentence.length
    if (added > ExtractiveSummary.maxLength) continue
    kept.push(sentence)
    length = added
  }
  return kept.join(" ")
}

/** Lowercase tags of 3–32 characters, not only digits, occurring in the text; de-duplicated; at most 5. */
export const validTags = (tags: ReadonlyArray<string>, text: string): ReadonlyArray<string> => {
  const haystack = text.toLowerCase()
  const kept: Array<string> = []
  for (const raw of tags) {
    const tag = squash(raw.replace(/^#/, "")).toLowerCase()
    if (tag.length < 3 || tag.length > 32 || /^[\d\s.,-]+$/.test(tag)) continue
    if (!haystack.includes(tag) || kept.includes(tag)) continue
    kept.push(tag)
    if (kept.length === Keywords.maxTags) break
  }
  return kept
}
