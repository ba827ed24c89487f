/**
 * The page's readable text with `@mozilla/readability`, furniture removed first, as blocks (Blocks.ts); the body
 * when Readability finds nothing. Also the lead: the first paragraph of prose, which a page without a declared
 * description is described by.
 */
import { isProbablyReaderable, Readability } from "@mozilla/readability"
import * as Blocks from "./Blocks.js"
import * as Dom from "./Dom.js"
import * as Furniture from "./Furniture.js"
import { clip, collapse } from "./TextBounds.js"

export interface Readable {
  /** Readability's title (the `<title>` without the site name, or the single `h1`). */
  readonly title: string
  /** The first paragraph of prose in the readable text. */
  readonly lead: string
  /** Blocks separated by blank lines. */
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

/** A block that reads as prose: a few sentences' worth of words ending like a sentence, not a heading or a list. */
const isProse = (block: string): boolean =>
  block.length >= 60 && block.split(" ").length >= 10 && /[.!?。！？…]["'”’)\]]*$/u.test(block)

export const leadOf = (text: string): string => text.split("\n\n").find(isProse) ?? ""

/** Runs Readability, which rearranges the document: read everything else from it first. */
export const read = (document: Dom.DomDocument, maxLength: number): Readable => {
  const root = Dom.body(document)
  if (root === null) return { title: "", lead: "", text: "", article: false }
  Furniture.remove(document)
  const bodyText = Blocks.read(root, maxLength)
  const target = scope(document, root)
  let readerable = false
  let parsed: ReturnType<Readability<Dom.DomElement>["parse"]> = null
  try {
    readerable = isProbablyReaderable(target ?? document)
    // The article element itself, not its serialisation: its blocks are read below, and serialising costs.
    if (target !== undefined) parsed = new Readability<Dom.DomElement>(target, { serializer: (node) => node }).parse()
  } catch {
    parsed = null
  }
  const articleText = parsed?.content ? Blocks.read(parsed.content, maxLength) : ""
  const useArticle = articleText !== "" && (articleText.length >= 200 || articleText.length * 3 >= bodyText.length)
  const text = useArticle ? articleText : bodyText
  return {
    title: collapse(parsed?.title),
    lead: leadOf(text),
    text: clip(text, maxLength, false),
    // Without Readability, a page that reads like an article (long paragraphs) is one.
    article: readerable && (target === undefined ? bodyText.length : useArticle ? articleText.length : 0) >= articleMinLength
  }
}
