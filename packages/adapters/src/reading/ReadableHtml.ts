/**
 * The readable article of a page's HTML (an archived copy): Readability over linkedom, links made absolute
 * against the page's address, then the sanitiser, which takes its inlined images out (Sanitizer.ts).
 */
import { Readability } from "@mozilla/readability"
import * as Dom from "../extract/Dom.js"
import * as Furniture from "../extract/Furniture.js"
import * as ReadableText from "../extract/ReadableText.js"
import { sanitizeArticle } from "./Sanitizer.js"

export interface Article {
  readonly html: string
  readonly images: ReadonlyArray<{ readonly bytes: Uint8Array; readonly contentType: string }>
  readonly words: number
}

/** Below this many characters of text, what Readability kept is a teaser or a caption, not something to read. */
const minText = 200

const absolute = (value: string, url: string): string | undefined => {
  try {
    return new URL(value, url).href
  } catch {
    return undefined
  }
}

interface Linkable extends Dom.DomElement {
  setAttribute(name: string, value: string): void
}

const plain = (html: string): string =>
  html.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, "\"")
    .replace(/\s+/g, " ").trim().toLowerCase()

/**
 * The article's own first heading when it repeats the title (the reader shows the title above the article): the
 * first heading before any paragraph, when its text is the title's or the title's start.
 */
const withoutTitle = (html: string, title: string): string => {
  const first = /^(?:\s|<div>|<section>|<header>)*<(h[2-6])>([\s\S]*?)<\/\1>/.exec(html)
  const heading = plain(first?.[2] ?? "")
  const named = plain(title)
  // The title often carries the site's name after a separator Readability does not know ("Tides · Coast").
  if (first === null || heading === "" || named === "" || !(named === heading || named.startsWith(`${heading} `))) {
    return html
  }
  const tag = `<${first[1] ?? ""}>${first[2] ?? ""}</${first[1] ?? ""}>`
  return html.slice(0, first[0].length - tag.length) + html.slice(first[0].length)
}

export const read = (html: string, url: string): Article | undefined => {
  const document = Dom.parse(html)
  for (const link of document.querySelectorAll("a[href]") as Iterable<Linkable>) {
    const href = link.getAttribute("href") ?? ""
    if (href.startsWith("#")) link.removeAttribute("href")
    else {
      const resolved = absolute(href, url)
      if (resolved === undefined) link.removeAttribute("href")
      else link.setAttribute("href", resolved)
    }
  }
  Furniture.remove(document)
  const root = Dom.body(document)
  // A page too large for Readability in reasonable time is read from its marked-up main content, else not at all
  // (the reader then shows the kept text), as the extractor does (ReadableText.ts).
  const target = root === null ? undefined : ReadableText.scope(document, root)
  if (target === undefined) return undefined
  let content = ""
  let text = ""
  let title = ""
  try {
    const parsed = new Readability<string>(target as never, { keepClasses: false }).parse()
    content = parsed?.content ?? ""
    text = parsed?.textContent ?? ""
    title = parsed?.title ?? ""
  } catch {
    return undefined
  }
  if (text.trim().length < minText) return undefined
  const article = sanitizeArticle(content)
  return {
    html: withoutTitle(article.html, title),
    images: article.images,
    words: text.split(/\s+/u).filter((w) => w !== "").length
  }
}
