/**
 * Keyword tags: the terms a page repeats, written as they appear in it (lowercase), at most five. A term is a word
 * or a phrase of two or three words that the page uses together more than once, or a name (capitalised words,
 * "Ada Lovelace", "New Zealand"); phrases and names count more, and words of the title most. Inflections are one
 * term (Snowball stems: "bake", "baking"), and a term overlapping one already chosen ("sea" beside "sea wall") is
 * left out, so no tag is a variant of another. Stop words of the page's language, time words, numbers, units and
 * boilerplate never make a tag.
 */
import { detect, type Language, unspaced } from "./Language.js"
import * as Sentences from "./Sentences.js"
import { isStopWord } from "./StopWords.js"
import { stem, tokens } from "./Words.js"

export const maxTags = 5

interface Term {
  /** Stems of its words, in order. */
  readonly stems: ReadonlyArray<string>
  count: number
  readonly first: number
  /** Written forms and how often each occurs: the tag is the most common, so it appears in the text. */
  readonly forms: Map<string, number>
  /** Occurrences written with capitals where a sentence does not start. */
  capitalised: number
}

/** Leading and trailing words a name does not keep ("The Dutch" → "Dutch", "Bank of England" keeps its "of"). */
const edgeWords = new Set([
  "the",
  "a",
  "an",
  "of",
  "in",
  "on",
  "at",
  "for",
  "and",
  "to",
  "by",
  "from",
  "with",
  "le",
  "la",
  "les",
  "der",
  "die",
  "das",
  "el",
  "il"
])

/** French and Italian elide articles into the next word ("d'Europe", "l'anfiteatro", "dell'umanità"). */
const elided = /^(?:d|l|qu|n|s|c|j|m|t|dell|nell|sull|all|dall|un)['’](?=\p{L})/u

export const bare = (lower: string, language: Language): string =>
  language === "fr" || language === "it" ? lower.replace(elided, "") : lower

const isTermWord = (lower: string, language: Language): boolean => {
  if (isStopWord(lower, language)) return false
  if (!/\p{L}/u.test(lower) || /^\p{N}/u.test(lower)) return false
  if (language === "th") return /^\p{Script=Thai}{3,}$/u.test(lower)
  if (unspaced(language)) return /^[\p{Script=Han}\p{Script=Katakana}ー]{2,}$|^\p{Script=Han}$/u.test(lower)
  // Adverbs and superlatives describe, they do not name ("quickly", "smallest", "höchste").
  if (lower.length > 5 && lower.endsWith("ly")) return false
  if (lower.length > 6 && /(?:est|ste|sten)$/.test(lower) && language !== "it" && language !== "es") return false
  return lower.length >= 3 && lower.length <= 32 && /\p{L}{2}/u.test(lower)
}

/** Cuts a sentence at punctuation: a phrase never spans a comma, a colon or a bracket. */
const clauses = (sentence: string) => sentence.split(/[,;:()[\]{}"“”„«»—–!?.…。、！？・/|]+|\s-\s/u)

const mostCommon = (forms: Map<string, number>): string => {
  let best = ""
  let bestCount = 0
  for (const [form, count] of forms) {
    if (count > bestCount || (count === bestCount && form.length < best.length)) {
      best = form
      bestCount = count
    }
  }
  return best
}

/** The stems of tags the bookmark already carries (the caller's): a generated tag sharing one would be a variant. */
export const stemsOf = (tags: ReadonlyArray<string>, language: Language): ReadonlySet<string> =>
  new Set(tags.flatMap((tag) => tokens(tag, language).map((t) => stem(t.lower, language))))

/** A term the page is about, as a tag: its written form, its stems and how strongly the page is about it. */
export interface Candidate {
  readonly tag: string
  readonly stems: ReadonlyArray<string>
  readonly weight: number
  /** How often the page uses it. */
  readonly count: number
  /** Every word of it is in the title. */
  readonly inTitle: boolean
}

/** Every term the page uses twice or names in its title, strongest first (the ranking described above). */
export const rank = (text: string, title: string, language: Language = detect(text)): ReadonlyArray<Candidate> => {
  const terms = new Map<string, Term>()
  let position = 0
  const add = (words: ReadonlyArray<{ readonly text: string; readonly lower: string; readonly capital: boolean }>) => {
    const stems = words.map((w) => stem(w.lower, language))
    const key = stems.join(" ")
    const form = words.map((w) => w.lower).join(" ")
    const term = terms.get(key)
    const capital = words.every((w) => w.capital)
    if (term === undefined) {
      terms.set(key, { stems, count: 1, first: position, forms: new Map([[form, 1]]), capitalised: capital ? 1 : 0 })
    } else {
      term.count++
      term.forms.set(form, (term.forms.get(form) ?? 0) + 1)
      if (capital) term.capitalised++
    }
  }
  for (const sentence of Sentences.split(text)) {
    let first = true
    for (const clause of clauses(sentence.text)) {
      const words = tokens(clause, language).map((t, index) => ({
        text: t.text,
        lower: bare(t.lower.replace(/['’]s$/, ""), language),
        // The first word of a sentence is capitalised anyway.
        capital: /^\p{Lu}/u.test(t.text) && !(first && index === 0) && !unspaced(language)
      }))
      words.forEach((word, i) => {
        position++
        const opensSentence = first && i === 0
        // A name may hold a function word ("Bank of England", "New Zealand"); it starts where capitals start.
        const capitalHere = word.capital || (opensSentence && /^\p{Lu}/u.test(words[i + 1]?.text ?? ""))
        const previousCapital = i > 0 && words[i - 1]?.capital === true
        if (capitalHere && !previousCapital && !unspaced(language)) {
          let end = i + 1
          while (end < words.length && end - i < 4 && /^\p{Lu}/u.test(words[end]?.text ?? "")) end++
          const run = words.slice(i, end)
          while (run.length > 0 && edgeWords.has(run[0]?.lower ?? "")) run.shift()
          while (run.length > 0 && edgeWords.has(run[run.length - 1]?.lower ?? "")) run.pop()
          const named = run.length >= 2 &&
            run.every((w) => w.lower.length >= 2 && (edgeWords.has(w.lower) || /^\p{Lu}/u.test(w.text)))
          if (named && !run.every((w) => isTermWord(w.lower, language))) add(run.map((w) => ({ ...w, capital: true })))
        }
        if (!isTermWord(word.lower, language)) return
        add([word])
        if (unspaced(language)) return
        // Phrases of two and three content words written together.
        for (let n = 2; n <= 3 && i + n <= words.length; n++) {
          const run = words.slice(i, i + n)
          if (run.every((w) => isTermWord(w.lower, language))) add(run)
        }
      })
      first = false
    }
  }
  const titleStems = new Set(tokens(title, language).map((t) => stem(t.lower.replace(/['’]s$/, ""), language)))
  const ranked = [...terms.values()].map((term) => {
    const words = term.stems.length
    const inTitle = term.stems.every((s) => titleStems.has(s))
    const name = term.capitalised * 2 >= term.count && !unspaced(language)
    // Repetition is the signal; a title term is what the page says it is about; a phrase or a name repeated
    // is more specific than any of its words.
    // An English past form ("reopened", "learned") tells what happened, rarely what the page is about.
    const pastForm = language === "en" && words === 1 && /\p{L}{4}ed$/u.test(mostCommon(term.forms))
    const weight = (term.count + (inTitle ? 3 : 0)) * (words > 1 ? 1.6 : 1) * (name ? 1.3 : 1) * (pastForm ? 0.4 : 1) +
      (term.first < 60 ? 0.25 : 0)
    return { term, weight, eligible: term.count >= 2 || inTitle }
  }).filter((r) => r.eligible)
  ranked.sort((a, b) => b.weight - a.weight || a.term.first - b.term.first)
  return ranked.map(({ term, weight }) => ({
    tag: mostCommon(term.forms),
    stems: term.stems,
    weight,
    count: term.count,
    inTitle: term.stems.every((s) => titleStems.has(s))
  }))
}

/** The strongest terms, at most five, none sharing a stem with another or with `taken` (no library in view). */
export const extract = (
  text: string,
  title: string,
  language: Language = detect(text),
  taken: ReadonlySet<string> = new Set()
): ReadonlyArray<string> => {
  const chosen: Array<Candidate> = []
  for (const term of rank(text, title, language)) {
    if (chosen.length >= maxTags) break
    if (chosen.some((other) => other.stems.some((s) => term.stems.includes(s)))) continue
    if (term.stems.some((s) => taken.has(s))) continue
    chosen.push(term)
  }
  return chosen.map((term) => term.tag)
}
