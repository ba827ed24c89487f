/**
 * Keyword tags: the most frequent meaningful words of the text, written as they appear in it, preferring words
 * of the title. Stop words, boilerplate and numbers never make a tag.
 */
import { isStopWord } from "./StopWords.js"
import { stem, words } from "./Words.js"

export const maxTags = 5

interface Entry {
  count: number
  readonly first: number
  /** How often each written form occurs: the tag is the most common one, so it appears in the text. */
  readonly forms: Map<string, number>
}

const isTagWord = (word: string): boolean =>
  word.length >= 3 && word.length <= 32 && !isStopWord(word) && !isStopWord(stem(word)) && /\p{L}{2}/u.test(word)

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

export const extract = (text: string, title: string): ReadonlyArray<string> => {
  const entries = new Map<string, Entry>()
  const tokens = words(text)
  tokens.forEach((word, position) => {
    // A possessive is the word itself; the tag must still be written as in the text.
    const form = word.replace(/['’]s$/, "")
    if (!isTagWord(form)) return
    const key = stem(form)
    const entry = entries.get(key)
    if (entry) {
      entry.count++
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1)
    } else {
      entries.set(key, { count: 1, first: position, forms: new Map([[form, 1]]) })
    }
  })
  const titleStems = new Set(words(title).map(stem))
  const ranked = [...entries].map(([key, entry]) => {
    const inTitle = titleStems.has(key)
    // Repetition is the signal; a title word is what the page says it is about; a longer word is more specific.
    const weight = entry.count + (inTitle ? 3 : 0) + (key.length >= 7 ? 0.5 : 0) + (entry.first < 50 ? 0.25 : 0)
    return { tag: mostCommon(entry.forms), weight, repeated: entry.count > 1 || inTitle, first: entry.first }
  })
  ranked.sort((a, b) => Number(b.repeated) - Number(a.repeated) || b.weight - a.weight || a.first - b.first)
  const tags: Array<string> = []
  for (const { tag } of ranked) {
    if (tags.length >= maxTags) break
    if (!tags.includes(tag)) tags.push(tag)
  }
  return tags
}
