/**
 * The text of an element as blocks, the way a reader sees it: each paragraph, heading, list item, table cell and
 * code block on its own, whitespace collapsed inside, blocks separated by a blank line. A sentence never runs
 * from a heading into the paragraph below it ("Borrowing" + "You can have…" is not one sentence). A single `<br>`
 * breaks a line inside its paragraph (a sentence may go on after it); two in a row end the paragraph. Each block
 * knows what it is, so the lead is a paragraph, never a heading, caption or table cell.
 */
import * as Dom from "./Dom.js"
import { collapse } from "./TextBounds.js"

export type Kind = "paragraph" | "heading" | "item" | "cell" | "caption" | "code"

export interface Block {
  readonly text: string
  readonly kind: Kind
}

/** Elements that start and end a block of text. */
const blockTags = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "CAPTION",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LEGEND",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL"
])

/** What a block's innermost defining element makes it; elements not listed (div, section…) hold paragraphs. */
const kinds: Readonly<Record<string, Kind>> = {
  P: "paragraph",
  H1: "heading",
  H2: "heading",
  H3: "heading",
  H4: "heading",
  H5: "heading",
  H6: "heading",
  LI: "item",
  DT: "item",
  TD: "cell",
  TH: "cell",
  CAPTION: "caption",
  FIGCAPTION: "caption",
  LEGEND: "caption",
  SUMMARY: "caption",
  PRE: "code"
}

/** Whose text is never read (MathML annotations are the formula's source, which no reader sees). */
const skippedTags = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "OPTION",
  "ANNOTATION",
  "ANNOTATION-XML"
])

export const readBlocks = (root: Dom.DomElement, maxLength: number): ReadonlyArray<Block> => {
  const blocks: Array<Block> = []
  const stack: Array<Kind> = []
  let current: Array<string> = []
  let length = 0
  // A `<br>` with nothing but whitespace since the last one.
  let afterBreak = false
  const push = (raw: string, kind: Kind) => {
    const text = collapse(raw)
    if (text === "") return
    blocks.push({ text, kind })
    length += text.length + 2
  }
  const flush = () => {
    const raw = current.join("")
    const kind = stack[stack.length - 1] ?? "paragraph"
    current = []
    afterBreak = false
    // Preformatted text keeps its paragraphs apart (a plain-text document, an RFC): a blank line ends one.
    if (kind === "code") { for (const part of raw.split(/\n[ \t]*\n/)) push(part, kind) }
    else push(raw, kind)
  }
  const walk = (node: Dom.DomNode): void => {
    if (length > maxLength) return
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? ""
      if (afterBreak && value.trim() !== "") afterBreak = false
      current.push(value)
      return
    }
    if (!Dom.isElement(node)) return
    const tag = node.tagName.toUpperCase()
    if (skippedTags.has(tag)) return
    if (tag === "BR") {
      if (afterBreak) flush()
      else {
        current.push(" ")
        afterBreak = true
      }
      return
    }
    const block = blockTags.has(tag)
    if (block) flush()
    const kind = kinds[tag]
    if (kind !== undefined) stack.push(kind)
    const children = node.childNodes
    for (let i = 0; i < children.length; i++) {
      const child = children[i]
      if (child !== undefined) walk(child)
    }
    if (block) flush()
    if (kind !== undefined) stack.pop()
  }
  walk(root)
  flush()
  return blocks
}

export const join = (blocks: ReadonlyArray<Block>): string => blocks.map((block) => block.text).join("\n\n")

export const read = (root: Dom.DomElement, maxLength: number): string => join(readBlocks(root, maxLength))
