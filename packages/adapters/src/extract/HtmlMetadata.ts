/**
 * Reads an HTML page: metadata in the precedence of docs/enrichment.md, "2. Extract" (what the page declares — Open Graph, Twitter,
 * Dublin Core, Parse.ly, JSON-LD — wins over what is derived from its content: Readability, `<title>`, `h1`),
 * its readable text, and whether it is a bot challenge rather than the page.
 */
import type { Extracted } from "@bookmark-library/domain"
import * as Challenge from "./Challenge.js"
import * as Dom from "./Dom.js"
import * as Favicon from "./Favicon.js"
import * as HtmlCleaner from "./HtmlCleaner.js"
import * as JsonLd from "./JsonLd.js"
import * as MetaTags from "./MetaTags.js"
import { resolve } from "./PageUrl.js"
import * as ReadableText from "./ReadableText.js"
import { clip, collapse } from "./TextBounds.js"

export const limits = {
  title: 500,
  description: 1_000,
  text: 200_000,
  /** HTML left after dropping scripts and styles that reaches the parser; the text bound needs no more. */
  html: 300_000,
  /** Elements that reach the parser: linkedom's cost is per node, and a page of 300 KB of tiny elements is slow. */
  elements: 6_000
} as const

const textOf = (document: Dom.DomDocument, selector: string): string =>
  collapse(document.querySelector(selector)?.textContent)

const firstOf = (...candidates: ReadonlyArray<string>): string => candidates.find((value) => value !== "") ?? ""

/** Base for relative references: `<base href>` (itself relative to the page) or the final URL. */
const baseOf = (document: Dom.DomDocument, pageUrl: string): string => {
  const base = document.querySelector("base")
  return (base && resolve(Dom.attr(base, "href"), pageUrl)) || pageUrl
}

export const extract = (html: string, pageUrl: string): Extracted => {
  const cleaned = HtmlCleaner.clean(html, limits.html, limits.elements)
  const document = Dom.parse(cleaned.html)
  const base = baseOf(document, pageUrl)
  const meta = MetaTags.read(document)
  const jsonLd = JsonLd.read(cleaned.jsonLd)
  const favicon = Favicon.pick(document, base, pageUrl)
  const titleTag = textOf(document, "title")
  const firstH1 = textOf(document, "h1")
  // Readability rearranges the document: everything else is read before it runs.
  const readable = ReadableText.read(document, limits.text)

  if (Challenge.detect({ html, title: titleTag, textLength: readable.text.length })) {
    return { type: "website", title: "", description: "", image: "", favicon, text: "", challenge: true }
  }

  const declaredTitle = firstOf(
    meta.first("og:title", "twitter:title", "dc:title", "dc.title", "dcterms:title", "dcterms.title", "parsely-title"),
    jsonLd.title
  )
  const declaredDescription = firstOf(
    meta.first("og:description", "description", "twitter:description", "dc:description", "dc.description",
      "dcterms:description", "dcterms.description"),
    jsonLd.description
  )
  const image = firstOf(
    ...[
      meta.first("og:image", "og:image:url"),
      meta.first("og:image:secure_url"),
      meta.first("twitter:image", "twitter:image:src"),
      jsonLd.image
    ].map((reference) => resolve(reference, base))
  )
  const ogType = meta.first("og:type").toLowerCase()
  const type = ogType.startsWith("video")
    ? "video"
    : ogType.startsWith("article") || jsonLd.article || readable.article
    ? "article"
    : "website"

  return {
    type,
    title: clip(firstOf(declaredTitle, readable.title, titleTag, firstH1), limits.title),
    description: clip(firstOf(declaredDescription, readable.excerpt), limits.description),
    image,
    favicon,
    text: readable.text,
    challenge: false
  }
}
