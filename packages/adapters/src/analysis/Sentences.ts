/** Splits text into sentences that are exact slices of it, so a summary made of them never invents a word. */

export interface Sentence {
  readonly text: string
  /** Position among the sentences of the text, from 0. */
  readonly index: number
}

/** Words after which a full stop does not end the sentence. */
const abbreviations = new Set([
  "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "eg", "ie", "inc", "ltd", "co",
  "corp", "no", "nos", "fig", "figs", "vol", "pp", "approx", "dept", "est", "gen", "gov", "sen", "rep", "rev", "mt",
  "ft", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k", "a.m",
  "p.m", "ph.d", "cf", "al"
])

/** Sentence-final punctuation, closing quotes or brackets, then whitespace or the end. */
const sentenceEnd = /[.!?…]+["'”’)\]]*(?=\s|$)/

const endsSentence = (text: string, at: number, after: number): boolean => {
  if (text[at] !== ".") return true
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, at - 12), at))?.[1]?.toLowerCase() ?? ""
  if (abbreviations.has(before) || /^\p{L}$/u.test(before)) return false
  // "… 3.5 million" and "… e.g. the" continue; a new sentence starts with a capital, a digit or a quote.
  const next = text.slice(after).trimStart()[0]
  return next === undefined || !/\p{Ll}/u.test(next)
}

export const split = (text: string): ReadonlyArray<Sentence> => {
  const sentences: Array<Sentence> = []
  const push = (from: number, to: number) => {
    const slice = text.slice(from, to).trim()
    if (slice !== "") sentences.push({ text: slice, index: sentences.length })
  }
  // Blank lines, and line breaks before a capital or a bullet, end a heading or a list item without punctuation.
  const breaks = [...text.matchAll(/\n\s*\n|\r?\n(?=\s*[\p{Lu}\d"“•*-])/gu)]
    .map((match) => ({ start: match.index, end: match.index + match[0].length }))
  breaks.push({ start: text.length, end: text.length })
  const ending = new RegExp(sentenceEnd.source, "g")
  let start = 0
  for (const lineBreak of breaks) {
    ending.lastIndex = start
    for (let match = ending.exec(text); match !== null && match.index < lineBreak.start; match = ending.exec(text)) {
      const end = match.index + match[0].length
      if (endsSentence(text, match.index, end)) {
        push(start, end)
        start = end
      }
    }
    push(start, lineBreak.start)
    start = lineBreak.end
  }
  return sentences
}
