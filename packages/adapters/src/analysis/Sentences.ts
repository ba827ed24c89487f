/**
 * Splits text into sentences that are exact slices of it, so a summary made of them never invents a word. The
 * text comes in blocks separated by blank lines (paragraphs, headings, list items): a sentence never crosses
 * one, so a heading never runs into the paragraph under it.
 */

export interface Sentence {
  readonly text: string
  /** Position among the sentences of the text, from 0. */
  readonly index: number
  /** The block it lies in, from 0. */
  readonly block: number
  /** Position within its block, from 0. */
  readonly inBlock: number
  /** The whole block it came from ends like prose (not a heading, caption or list of words). */
  readonly blockIsProse: boolean
}

/** Words after which a full stop does not end the sentence. */
const abbreviations = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "eg",
  "ie",
  "inc",
  "ltd",
  "co",
  "corp",
  "no",
  "nos",
  "fig",
  "figs",
  "vol",
  "pp",
  "approx",
  "dept",
  "est",
  "gen",
  "gov",
  "sen",
  "rep",
  "rev",
  "mt",
  "ft",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "u.s",
  "u.k",
  "a.m",
  "p.m",
  "ph.d",
  "cf",
  "al",
  "d.c",
  "a.c",
  "bzw",
  "z.b",
  "usw",
  "vgl",
  "ca",
  "mme",
  "sra",
  "sr"
])

/** Sentence-final punctuation and closing quotes or brackets, before whitespace or the end; CJK enders need none. */
/** Thai marks the end of a sentence with a space, not a stop: a space between two Thai letters ends one. */
const sentenceEnd = /[.!?…؟]+["'”’)\]»]*(?=\s|$)|[。！？]+[」』”’)）]*|(?<=\p{Script=Thai})\s+(?=\p{Script=Thai})/gu

const endsSentence = (text: string, at: number, after: number): boolean => {
  if (text[at] !== ".") return true
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, at - 12), at))?.[1]?.toLowerCase() ?? ""
  if (abbreviations.has(before) || /^\p{L}$/u.test(before)) return false
  // "… 3.5 million" and "… e.g. the" continue; a new sentence starts with a capital, a digit or a quote.
  const next = text.slice(after).trimStart()[0]
  return next === undefined || !/\p{Ll}/u.test(next)
}

const proseEnd = /[.!?…。！？؟]["'”’)\]»」』）]*$|\p{Script=Thai}$/u

export const split = (text: string): ReadonlyArray<Sentence> => {
  const sentences: Array<Sentence> = []
  const blocks = text.split(/\n\s*\n/)
  blocks.forEach((raw, block) => {
    const body = raw.trim()
    if (body === "") return
    const blockIsProse = proseEnd.test(body)
    let inBlock = 0
    const push = (from: number, to: number) => {
      const slice = body.slice(from, to).trim()
      if (slice === "") return
      sentences.push({ text: slice, index: sentences.length, block, inBlock: inBlock++, blockIsProse })
    }
    let start = 0
    for (const match of body.matchAll(sentenceEnd)) {
      const end = match.index + match[0].length
      if (endsSentence(body, match.index, end)) {
        push(start, end)
        start = end
      }
    }
    push(start, body.length)
  })
  return sentences
}
