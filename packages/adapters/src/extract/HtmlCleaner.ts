/**
 * Prepares HTML for the DOM: drops what never carries readable text (comments, scripts, styles, inline SVG,
 * templates, and the navigation, asides and footers Readability would drop anyway) keeping the JSON-LD blocks
 * aside, puts a space at the end of block elements so their texts stay apart words, and bounds the size: most of
 * a heavy page is script and style, and the cost of parsing and Readability grows with every node they see.
 */

export interface Cleaned {
  readonly html: string
  /** Bodies of `<script type="application/ld+json">` blocks, in document order. */
  readonly jsonLd: ReadonlyArray<string>
}

const dropped = "script|style|noscript|template|svg|iframe|object|canvas|select|textarea|button|nav|aside|footer"

/** Where the element opened at `from` ends (after its closing tag), or -1 when it is never closed. */
const endOf = (html: string, tag: string | undefined, from: number): { contentEnd: number; next: number } => {
  if (tag === undefined) {
    const end = html.indexOf("-->", from)
    return end === -1 ? { contentEnd: html.length, next: -1 } : { contentEnd: end, next: end + 3 }
  }
  const closer = new RegExp(`</${tag}\\s*>`, "gi")
  closer.lastIndex = from
  const found = closer.exec(html)
  return found === null ? { contentEnd: html.length, next: -1 } : { contentEnd: found.index, next: closer.lastIndex }
}

/**
 * Ends of elements that end a run of text: their text must not run into the next element's ("Title" + "Text" is
 * not "TitleText"). Only closing tags (and `<br>`), so the space joins the text node before it, not a new node.
 */
const block =
  /<(\/(?:p|div|h[1-6]|li|dt|dd|tr|td|th|caption|blockquote|pre|section|article|header|main|figure|figcaption|address|details|summary|ul|ol|dl|table|fieldset|legend|label)|br)\b/gi

/** A linear scan (each character is looked at a bounded number of times), so hostile markup cannot make it slow. */
export const clean = (html: string, maxLength: number, maxElements: number): Cleaned => {
  const opener = new RegExp(`<!--|<(${dropped})\\b([^<>]{0,4096})>`, "gi")
  const jsonLd: Array<string> = []
  const parts: Array<string> = []
  let kept = 0
  let cursor = 0
  for (let match = opener.exec(html); match !== null; match = opener.exec(html)) {
    if (kept <= maxLength) {
      parts.push(html.slice(cursor, match.index))
      kept += match.index - cursor
    }
    const tag = match[1]?.toLowerCase()
    const contentStart = match.index + match[0].length
    const { contentEnd, next } = endOf(html, tag, contentStart)
    if (tag === "script" && /type\s*=\s*["']?application\/ld\+json/i.test(match[2] ?? "")) {
      jsonLd.push(html.slice(contentStart, contentEnd))
    }
    // An element never closed swallows the rest of the page, as it does in a browser.
    cursor = next === -1 ? html.length : next
    opener.lastIndex = cursor
  }
  if (kept <= maxLength) parts.push(html.slice(cursor))
  const joined = parts.join("").replace(block, " <$1")
  return { html: bounded(joined, maxLength, maxElements), jsonLd }
}

/** Cut before a tag so no half-written element reaches the parser; it closes what is left open. */
const bounded = (html: string, maxLength: number, maxElements: number): string => {
  let end = html.length
  const tags = /<[a-zA-Z]/g
  let count = 0
  for (let match = tags.exec(html); match !== null && match.index < maxLength; match = tags.exec(html)) {
    if (++count > maxElements) {
      end = match.index
      break
    }
  }
  if (end > maxLength) {
    const cut = html.lastIndexOf("<", maxLength)
    end = cut > maxLength / 2 ? cut : maxLength
  }
  return end === html.length ? html : html.slice(0, end)
}
