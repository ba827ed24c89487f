/**
 * The page's readable text with `@mozilla/readability`, furniture removed first, as blocks (Blocks.ts); the body
 * when Readability finds nothing. Also the lead: the first paragraph of prose, which a page without a declared
 * description is described by.
 */
import { isProbablyReaderable, Readability } from "@mozilla/readability"
import * as Blocks from "./Blocks.js"
import * as Dom from "./Dom.js"
import * as Furniture from "./Furniture.js"
import * as Lead from "./Lead.js"
import { clip, collapse } from "./TextBounds.js"

export interface Readable {
  /** Readability's title (the `<title>` without the site name, or the single `h1`). */
  readonly title: string
  /** The first paragraph of prose in the readable text. */
  readonly lead: string
  /** Blocks separated by blank lines. */
  readonly text: string
  /** The HTML the text was read from (the article, else the body without its furniture), for Markdown. */
  readonly html: string
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
export const scope = (document: Dom.DomDocument, root: Dom.DomElement): Dom.DomDocument | undefined => {
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

/**
 * Formulas written in MathML stay in their sentence. Encyclopaedias hide the MathML (`display: none`) beside an
 * image of the formula, and Readability drops what is hidden: "The sum of a square matrix and its conjugate
 * transpose (C + C^H) is Hermitian" would lose its formula and no longer be the page's sentence.
 */
const showFormulas = (root: Dom.DomElement): void => {
  for (const math of root.querySelectorAll("math")) {
    for (let up = math.parentElement; up !== null && up.tagName.toUpperCase() === "SPAN"; up = up.parentElement) {
      if (/display\s*:\s*none/i.test(Dom.attr(up, "style"))) up.removeAttribute("style")
    }
  }
}

/**
 * The article's blocks with the kind the page gave them: Readability may rewrite a layout table's cell or a
 * caption as a paragraph, and the lead must not take it for one.
 */
const asInPage = (
  article: ReadonlyArray<Blocks.Block>,
  page: ReadonlyArray<Blocks.Block>
): ReadonlyArray<Blocks.Block> => {
  const kinds = new Map<string, Blocks.Kind>()
  for (const block of page) if (!kinds.has(block.text)) kinds.set(block.text, block.kind)
  return article.map((block) => ({ text: block.text, kind: kinds.get(block.text) ?? block.kind }))
}

/** Runs Readability, which rearranges the document: read everything else from it first. */
export const read = (document: Dom.DomDocument, maxLength: number): Readable => {
  const root = Dom.body(document)
  if (root === null) return { title: "", lead: "", text: "", html: "", article: false }
  Furniture.remove(document)
  showFormulas(root)
  const bodyBlocks = Blocks.readBlocks(root, maxLength)
  const bodyText = Blocks.join(bodyBlocks)
  // Serialised before Readability rearranges the body (the page was bounded by the cleaner: at most 300 kB).
  const bodyHtml = root.innerHTML
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
  const articleBlocks = parsed?.content ? Blocks.readBlocks(parsed.content, maxLength) : []
  const articleText = Blocks.join(articleBlocks)
  // Readability sometimes keeps a photo's caption and loses the story: an article without a paragraph of prose,
  // on a page that has one, is not the article.
  const useArticle = articleText !== "" && (articleText.length >= 200 || articleText.length * 3 >= bodyText.length) &&
    (Lead.hasProse(articleBlocks) || !Lead.hasProse(bodyBlocks))
  const text = useArticle ? articleText : bodyText
  return {
    title: collapse(parsed?.title),
    lead: Lead.pick(useArticle ? asInPage(articleBlocks, bodyBlocks) : bodyBlocks),
    text: clip(text, maxLength, false),
    html: useArticle && parsed?.content ? parsed.content.outerHTML : bodyHtml,
    // Without Readability, a page that reads like an article (long paragraphs) is one.
    article: readerable &&
      (target === undefined ? bodyText.length : useArticle ? articleText.length : 0) >= articleMinLength
  }
}
