/**
 * The text of an element as blocks, the way a reader sees it: each paragraph, heading, list item, table cell and
 * code block on its own, whitespace collapsed inside, blocks separated by a blank line. A sentence never runs
 * from a heading into the paragraph below it ("Borrowing" + "You can have…" is not one sentence).
 */
import * as Dom from "./Dom.js"
import { collapse } from "./TextBounds.js"

/** Elements that start and end a block of text. */
const blockTags = new Set([
  "ADDRESS", "ARTICLE", "ASIDE", "BLOCKQUOTE", "BR", "CAPTION", "DD", "DETAILS", "DIV", "DL", "DT", "FIELDSET",
  "FIGCAPTION", "FIGURE", "FOOTER", "H1", "H2", "H3", "H4", "H5", "H6", "HEADER", "HR", "LEGEND", "LI", "MAIN", "NAV",
  "OL", "P", "PRE", "SECTION", "SUMMARY", "TABLE", "TD", "TH", "TR", "UL"
])

/** Whose text is never read. */
const skippedTags = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "BUTTON", "SELECT", "TEXTAREA", "OPTION"])

export const read = (root: Dom.DomElement, maxLength: number): string => {
  const blocks: Array<string> = []
  let current: Array<string> = []
  let length = 0
  const flush = () => {
    const text = collapse(current.join(""))
    current = []
    if (text === "") return
    blocks.push(text)
    length += text.length + 2
  }
  const walk = (node: Dom.DomNode): void => {
    if (length > maxLength) return
    if (node.nodeType === 3) {
      current.push(node.nodeValue ?? "")
      return
    }
    if (!Dom.isElement(node)) return
    const tag = node.tagName.toUpperCase()
    if (skippedTags.has(tag)) return
    const block = blockTags.has(tag)
    if (block) flush()
    const children = node.childNodes
    for (let i = 0; i < children.length; i++) {
      const child = children[i]
      if (child !== undefined) walk(child)
    }
    if (block) flush()
  }
  walk(root)
  flush()
  return blocks.join("\n\n")
}
