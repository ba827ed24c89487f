/**
 * A PDF's title and text with `unpdf` (Mozilla's pdf.js built to run without a browser or a worker, offline): the
 * document information's title, and the text of its first pages as blocks: lines that end a sentence end a
 * paragraph, a short line standing alone is a heading, hyphenated line ends are joined. This pdf.js has no code
 * path that compiles a font to JavaScript (no `new Function`, no `isEvalSupported` left to turn off), so a hostile
 * PDF runs nothing.
 */
import { Option, Predicate, Schema } from "effect"
import { extractText, getDocumentProxy, getMeta } from "unpdf"
import type * as Blocks from "./Blocks.js"
import { clip, collapse } from "./TextBounds.js"

export interface PdfText {
  readonly title: string
  readonly blocks: ReadonlyArray<Blocks.Block>
  readonly text: string
}

/** Pages read: enough for the summary, tags and search of a paper or a report, while a 900-page manual stays cheap. */
const maxPages = 40

/** The information dictionary as pdf.js gives it, decoded at the edge like any outside data. */
const Info = Schema.Struct({ Title: Schema.optional(Schema.Unknown) })
const decodeInfo = Schema.decodeUnknownOption(Info)

const sentenceEnd = /[.!?…。！？؟:]["'”’)\]»]*$/u

/** A page's lines as paragraphs and headings. */
const blocksOf = (page: string): ReadonlyArray<Blocks.Block> => {
  const blocks: Array<Blocks.Block> = []
  let paragraph = ""
  const flush = () => {
    const text = collapse(paragraph)
    if (text !== "") blocks.push({ text, kind: "paragraph" })
    paragraph = ""
  }
  for (const raw of page.split(/\r?\n/)) {
    const line = collapse(raw)
    if (line === "") {
      flush()
      continue
    }
    // A short line without a stop, where no paragraph is open, stands alone: a heading or a running header.
    if (paragraph === "" && line.length < 60 && !sentenceEnd.test(line)) {
      blocks.push({ text: line, kind: "heading" })
      continue
    }
    paragraph = /\p{L}-$/u.test(paragraph) ? `${paragraph.slice(0, -1)}${line}` : `${paragraph} ${line}`
    if (sentenceEnd.test(line) && line.length < 60) flush()
  }
  flush()
  return blocks
}

export const read = async (bytes: Uint8Array, maxLength: number): Promise<PdfText> => {
  // pdf.js takes the buffer over: it gets its own copy.
  const document = await getDocumentProxy(Uint8Array.from(bytes), { verbosity: 0 })
  try {
    const meta = await getMeta(document)
    const info = Option.getOrUndefined(decodeInfo(meta.info))
    const title = Predicate.isString(info?.Title) ? collapse(info.Title) : ""
    const { text: pages } = await extractText(document, { mergePages: false })
    const blocks: Array<Blocks.Block> = []
    let length = 0
    for (const page of pages.slice(0, maxPages)) {
      for (const block of blocksOf(page)) {
        if (length > maxLength) break
        blocks.push(block)
        length += block.text.length + 2
      }
    }
    return { title, blocks, text: clip(blocks.map((block) => block.text).join("\n\n"), maxLength, false) }
  } finally {
    // Ends the document and its in-process worker, so nothing of it outlives the extraction.
    await document.loadingTask.destroy()
  }
}
