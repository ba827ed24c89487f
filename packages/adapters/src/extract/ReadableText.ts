/** The page's readable text with `@mozilla/readability`, falling back to the body text when it finds nothing. */
import { isProbablyReaderable, Readability } from "@mozilla/readability"
import * as Dom from "./Dom.js"
import { clip, collapse } from "./TextBounds.js"

export interface Readable {
  /** Readability's title (the `<title>` without the site name, or the single `h1`). */
  readonly title: string
  /** The first paragraph of the article. */
  readonly excerpt: string
  readonly text: string
  /** Readability found an article of a reasonable length, not a page of links. */
  readonly article: boolean
}

/** Below this, what Readability kept is a caption or a teaser, not the article. */
const articleMinLength = 800

/**
 * Readability over linkedom costs about 0.05–0.2 ms per element; past this many it would take most of a second,
 * so a larger page is narrowed to its marked-up main content first, or read without Readability.
 */
const readabilityMaxElements = 2_000

const mainContent = ["[itemprop=articleBody]", "article", "main", "[role=main]"]

const countElements = (root: Dom.DomElement): number => {
  let count = 0
  for (const _ of root.querySelectorAll("*")) count++
  return count
}

/** The document Readability should see: the page itself, or its main content alone when the page is large. */
const scope = (document: Dom.DomDocument, root: Dom.DomElement): Dom.DomDocument | undefined => {
  if (countElements(root) <= readabilityMaxElements) return document
  for (const selector of mainContent) {
    const found = [...document.querySelectorAll(selector)]
    const only = found.length === 1 ? found[0] : undefined
    if (only && countElements(only) <= readabilityMaxElements) {
      const title = document.querySelector("title")
      return Dom.parse(`<html><head>${title?.outerHTML ?? ""}</head><body>${only.outerHTML}</body></html>`)
    }
  }
  return undefined
}

const firstParagraph = (root: Dom.DomElement): string => {
  for (const paragraph of root.querySelectorAll("p")) {
    const text = collapse(paragraph.textContent)
    if (text.length >= 40) return text
  }
  return ""
}

/** Runs Readability, which rearranges the document: read everything else from it first. */
export const read = (document: Dom.DomDocument, maxLength: number): Readable => {
  const root = Dom.body(document)
  if (root === null) return { title: "", excerpt: "", text: "", article: false }
  const bodyText = collapse(root.textContent)
  const target = scope(document, root)
  let readerable = false
  let parsed: ReturnType<Readability["parse"]> = null
  try {
    readerable = isProbablyReaderable(target ?? document)
    // No serialisation of the article: only its text is used, and serialising is a large part of the cost.
    if (target !== undefined) parsed = new Readability(target, { serializer: () => "" }).parse()
  } catch {
    parsed = null
  }
  const articleText = collapse(parsed?.textContent)
  const useArticle = articleText !== "" && (articleText.length >= 200 || articleText.length * 3 >= bodyText.length)
  return {
    title: collapse(parsed?.title),
    excerpt: clip(collapse(parsed?.excerpt) || (target === undefined ? firstParagraph(root) : ""), 300),
    text: clip(useArticle ? articleText : bodyText, maxLength, false),
    // Without Readability, a page that reads like an article (long paragraphs) is one.
    article: readerable && (target === undefined ? bodyText.length : useArticle ? articleText.length : 0) >= articleMinLength
  }
}
