/**
 * The lead: the paragraph a page without a declared description is described by. It is the article's first
 * paragraph that reads as prose, however short ("Daring Fireball is written and produced by John Gruber."): the
 * defining first sentence of an encyclopaedia article or a post comes first, and a later, longer paragraph is
 * not its description. A heading, caption, table cell or code block is never the lead, and a paragraph that
 * starts mid-sentence (after a formula or an element the page dropped) is not either. List items and cells count
 * only on a page with no paragraph of prose at all (a page that is one list).
 */
import type * as Blocks from "./Blocks.js"

/** Sentence-final punctuation, or a colon that introduces a formula, list or quotation the paragraph leads into. */
const ends = /[.!?…。！？؟:：]["'”’)\]»」』）]*$/u

/** Starts like a sentence: a capital, a digit, a quote or bracket, or a letter of a script without case. */
const starts = /^["'“‘«„(¿¡]?(?:\p{Lu}|\p{Lt}|\p{N}|\p{Lo})/u

/** Datelines, credits, bylines and copyright lines written as sentences are not what a page is about. */
const furniture =
  /^(?:(?:last )?updated|published|posted|photo(?:graph)?|image|credit|source|by|written by|share|advertisement)\b/iu

/** Scripts written without spaces between words count characters, not words. */
const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u

const readsAsProse = (text: string): boolean => {
  if (!starts.test(text) || !ends.test(text) || furniture.test(text) || text.includes("©")) return false
  if (unspaced.test(text)) return text.length >= 10
  return text.split(" ").length >= 5 && text.length >= 25
}

/** Whether the blocks hold a whole paragraph of prose (not a caption, not a paragraph cut off mid-sentence). */
export const hasProse = (blocks: ReadonlyArray<Blocks.Block>): boolean =>
  blocks.some((block) => block.kind === "paragraph" && readsAsProse(block.text))

/** A paragraph cut off mid-sentence ("…is still rare, L") is quoted up to its last whole sentence. */
const whole = (text: string): string => {
  if (ends.test(text)) return text
  let end = 0
  for (const match of text.matchAll(/[.!?…。！？؟]["'”’)\]»」』）]*(?:\s+|$)/gu)) end = match.index + match[0].length
  return text.slice(0, end).trim()
}

export const pick = (blocks: ReadonlyArray<Blocks.Block>): string => {
  const lead = (kinds: ReadonlyArray<Blocks.Kind>) =>
    blocks.map((block) => (kinds.includes(block.kind) ? whole(block.text) : "")).find((text) =>
      text !== "" && readsAsProse(text)
    )
  return lead(["paragraph"]) ?? lead(["item", "cell"]) ?? ""
}
