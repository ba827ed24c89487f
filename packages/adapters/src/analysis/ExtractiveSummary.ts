/**
 * An extractive summary: the 2–3 sentences of the text that best cover its keywords (frequent words and words of
 * the title), favouring the opening of the page, quoted verbatim in their original order, at most 500 characters.
 */
import * as Sentences from "./Sentences.js"
import { isStopWord } from "./StopWords.js"
import { stem, words } from "./Words.js"

export const maxLength = 500
/** Candidates compared for the best combination: enough for quality, few enough to try every triple. */
const shortlist = 12

/** Cookie banners, share prompts and bylines: sentences of the page that say nothing about it. */
const boilerplate =
  /\b(?:cookies?|subscribe|sign (?:up|in)|log ?in|newsletter|all rights reserved|copyright|privacy policy|terms of (?:use|service)|click here|javascript|advertisement|share this|read more|follow us|posted (?:by|on)|accept all)\b|©/i

const contentStems = (tokens: ReadonlyArray<string>): ReadonlyArray<string> =>
  tokens.filter((word) => word.length >= 3 && !isStopWord(word)).map(stem)

interface Parsed {
  readonly sentence: Sentences.Sentence
  readonly wordCount: number
  /** Content words, stemmed, with repetitions. */
  readonly stems: ReadonlyArray<string>
}

const isCandidate = ({ sentence: { text }, wordCount }: Parsed): boolean =>
  text.length >= 25 && text.length <= 400 && wordCount >= 5 && wordCount <= 80 && !boilerplate.test(text)

interface Scored {
  readonly sentence: Sentences.Sentence
  readonly stems: ReadonlySet<string>
  /** The sentence's own worth, to shortlist candidates. */
  readonly score: number
}

/** A keyword weighs by how often it recurs (a word said once is no keyword), more when the title says it too. */
const keywordWeights = (sentences: ReadonlyArray<Parsed>, title: string): ReadonlyMap<string, number> => {
  const frequency = new Map<string, number>()
  for (const { stems } of sentences) {
    for (const word of stems) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  }
  const titleStems = new Set(contentStems(words(title)))
  const weights = new Map<string, number>()
  for (const [word, count] of frequency) weights.set(word, Math.sqrt(count - 1) + (titleStems.has(word) ? 1 : 0))
  return weights
}

/** The opening of a page usually states what it is about. */
const positionBonus = (index: number) => (index === 0 ? 1 : index < 3 ? 0.5 : index < 6 ? 0.25 : 0)

/**
 * Keywords covered by the chosen sentences, a repeated keyword worth less each time (so three sentences saying
 * the same thing lose to three that say more), plus the opening bonus, minus a little per character.
 */
const value = (picked: ReadonlyArray<Scored>, weights: ReadonlyMap<string, number>): number => {
  const seen = new Map<string, number>()
  let total = 0
  for (const { sentence, stems } of picked) {
    for (const word of stems) {
      const times = seen.get(word) ?? 0
      total += (weights.get(word) ?? 0) / 2 ** times
      seen.set(word, times + 1)
    }
    total += positionBonus(sentence.index) - sentence.text.length * 0.006
  }
  return total
}

const totalLength = (picked: ReadonlyArray<Scored>) =>
  picked.reduce((sum, { sentence }) => sum + sentence.text.length, 0) + Math.max(picked.length - 1, 0)

/** Every combination of one to three shortlisted sentences that fits; more sentences first, then the most value. */
const best = (candidates: ReadonlyArray<Scored>, weights: ReadonlyMap<string, number>): ReadonlyArray<Scored> => {
  const top = [...candidates].sort((a, b) => b.score - a.score).slice(0, shortlist)
  let chosen: ReadonlyArray<Scored> = []
  let chosenValue = Number.NEGATIVE_INFINITY
  const consider = (picked: ReadonlyArray<Scored>) => {
    if (totalLength(picked) > maxLength) return
    const worth = value(picked, weights)
    if (picked.length > chosen.length || (picked.length === chosen.length && worth > chosenValue)) {
      chosen = picked
      chosenValue = worth
    }
  }
  top.forEach((a, i) => {
    consider([a])
    top.slice(i + 1).forEach((b, j) => {
      consider([a, b])
      for (const c of top.slice(i + j + 2)) consider([a, b, c])
    })
  })
  return chosen
}

/** The start of a sentence too long to quote whole, cut at a word boundary: still a slice of the text. */
const cut = (sentence: string): string => {
  const head = sentence.slice(0, maxLength)
  const space = head.lastIndexOf(" ")
  return (space > maxLength / 2 ? head.slice(0, space) : head).trimEnd()
}

export const summarise = (text: string, title: string): string => {
  const sentences: ReadonlyArray<Parsed> = Sentences.split(text).map((sentence) => {
    const tokens = words(sentence.text)
    return { sentence, wordCount: tokens.length, stems: contentStems(tokens) }
  })
  if (sentences.length === 0) return ""
  const weights = keywordWeights(sentences, title)
  const score = ({ sentence, stems: all }: Parsed): Scored => {
    const stems = new Set(all)
    let sum = 0
    for (const word of stems) sum += weights.get(word) ?? 0
    return { sentence, stems, score: sum / Math.max(stems.size, 1) ** 0.3 + positionBonus(sentence.index) }
  }
  const scored = sentences.map(score)
  const candidates = sentences.filter(isCandidate).map(score)
  const picked = best(candidates.length > 0 ? candidates : scored, weights)
  if (picked.length > 0) {
    return [...picked].sort((a, b) => a.sentence.index - b.sentence.index).map(({ sentence }) => sentence.text).join(" ")
  }
  const first = [...scored].sort((a, b) => b.score - a.score)[0]
  return first === undefined ? "" : cut(first.sentence.text)
}
