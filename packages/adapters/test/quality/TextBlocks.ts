/**
 * The judge's own reading of a document's text, independent of the extractor's: htmlparser2 (which decodes
 * character references as a browser does) split at block elements and at two `<br>` in a row (one breaks a line
 * inside its paragraph), whitespace collapsed; scripts, styles, templates and MathML annotations (a formula's
 * source, not shown) skipped. The quality suite checks summary sentences against these blocks.
 */
import { Parser } from "htmlparser2"

const blockTags = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "caption",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "legend",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "td",
  "th",
  "tr",
  "ul",
  "title",
  "body",
  "head",
  "html",
  "option"
])
const skipped = new Set(["script", "style", "template", "noscript", "head", "annotation", "annotation-xml"])

export const squash = (text: string): string => text.replace(/[\s\u00A0]+/g, " ").trim()

export const fromHtml = (html: string): ReadonlyArray<string> => {
  const blocks: Array<string> = []
  let current = ""
  let skipping = 0
  let afterBreak = false
  const flush = () => {
    const text = squash(current)
    if (text !== "") blocks.push(text)
    current = ""
    afterBreak = false
  }
  const parser = new Parser({
    onopentag: (name) => {
      if (skipped.has(name)) skipping++
      if (name === "br") {
        if (afterBreak) flush()
        else {
          current += " "
          afterBreak = true
        }
      }
      if (blockTags.has(name)) flush()
    },
    onclosetag: (name) => {
      if (skipped.has(name)) skipping = Math.max(0, skipping - 1)
      if (blockTags.has(name)) flush()
    },
    ontext: (text) => {
      if (skipping > 0) return
      if (text.trim() !== "") afterBreak = false
      current += text
    }
  }, { decodeEntities: true })
  parser.write(html)
  parser.end()
  flush()
  return blocks
}

/** Plain text reference: one block per non-empty line. */
export const fromText = (text: string): ReadonlyArray<string> =>
  text.split(/\r?\n/).map(squash).filter((line) => line !== "")

const segmenter = new Intl.Segmenter("und", { granularity: "sentence" })

/** Sentences of prose in the blocks: ending like a sentence, of four words or more (twelve characters unspaced). */
export const sentenceCount = (blocks: ReadonlyArray<string>): number => {
  let count = 0
  for (const block of blocks) {
    for (const { segment } of segmenter.segment(block)) {
      const sentence = segment.trim()
      if (!/[.!?。！？؟]["'”’)\]»」』）]*$/u.test(sentence)) continue
      const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(sentence)
      if (unspaced ? sentence.length >= 12 : sentence.split(" ").length >= 4) count++
    }
  }
  return count
}
