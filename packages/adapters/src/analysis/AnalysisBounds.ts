/**
 * Holds an analysis from outside (a language model) to the port's promises: summary sentences quoted word for word
 * from one block of the text (never across a heading), at most three and 500 characters; at most 5 tags, none an
 * inflection of another or of a tag the bookmark already has: the library's tags (in its spelling, when the text
 * names them or a synonym), then at most `maxNew` new ones, lowercase, occurring in the text, none a stop word,
 * number, unit, time word, date, site name or boilerplate. Whatever fails is dropped.
 */
import type { Tags } from "@bookmark-library/domain"
import * as ExtractiveSummary from "./ExtractiveSummary.js"
import * as Keywords from "./Keywords.js"
import { detect } from "./Language.js"
import * as LibraryTags from "./LibraryTags.js"
import * as MintRules from "./MintRules.js"
import * as Sentences from "./Sentences.js"
import { isStopWord } from "./StopWords.js"
import * as Synonyms from "./Synonyms.js"
import { stem, words } from "./Words.js"

const squash = (value: string) => value.replace(/\s+/g, " ").trim()

/**
 * The sentences of `summary` that one block of the text contains word for word, in the answer's order, within the
 * bound.
 */
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

export interface TagRules {
  /** Tags the bookmark already has (a person's). */
  readonly given?: ReadonlyArray<string> | undefined
  readonly vocabulary?: ReadonlyArray<Tags.TagCount> | undefined
  readonly maxNew?: number | undefined
  readonly site?: string | undefined
}

/**
 * The model's tags held to the library's rules: a tag of the vocabulary (by stem or synonym) is kept in the library's
 * spelling when the text uses it or a synonym of it; any other must be a valid new tag of 3–32 characters occurring
 * in the text, and at most `maxNew` of those are kept. No two alike, none like a given tag; at most 5.
 */
export const validTags = (
  tags: ReadonlyArray<string>,
  text: string,
  rules: TagRules = {}
): ReadonlyArray<string> => {
  const language = detect(text)
  const taken = Keywords.stemsOf(rules.given ?? [], language)
  const vocabulary = LibraryTags.index(rules.vocabulary ?? [], language)
  const maxNew = rules.maxNew ?? LibraryTags.defaultMaxNew
  const haystack = text.toLowerCase()
  const textStems = new Set(words(text, language).map((word) => stem(word, language)))
  const kept: Array<{ readonly tag: string; readonly stems: ReadonlyArray<string> }> = []
  let minted = 0
  for (const raw of tags) {
    const tag = squash(raw.replace(/^#/, "")).toLowerCase()
    const tagWords = words(tag, language)
    if (tagWords.every((word) => isStopWord(word, language))) continue
    const stems = tagWords.map((word) => stem(word, language))
    if (kept.some((other) => other.stems.some((s) => stems.includes(s)))) continue
    if (stems.some((s) => taken.has(s))) continue
    const known = LibraryTags.lookup(vocabulary, tag, stems)
    if (known !== undefined) {
      // A library tag the model picked is kept only when the text uses it, or a synonym of it.
      const named = Synonyms.spellings(known.tag).some((spelling) =>
        words(spelling, language).every((word) =>
          textStems.has(stem(word, language))
        )
      ) || stems.every((s) => textStems.has(s))
      if (!named || kept.some((other) => other.tag.toLowerCase() === known.tag.toLowerCase())) continue
      kept.push({ tag: known.tag, stems })
    } else {
      if (minted >= maxNew) continue
      if (tag.length < 3 || tag.length > 32 || /^[\d\s.,-]+$/.test(tag) || !haystack.includes(tag)) continue
      if (MintRules.refusal(tag, rules.site) !== undefined) continue
      kept.push({ tag, stems })
      minted++
    }
    if (kept.length === Keywords.maxTags) break
  }
  return kept.map(({ tag }) => tag)
}
