/**
 * Reads an HTML page: its title and description by the precedence of docs/enrichment.md (TitlePick,
 * DescriptionPick), image and icon, its readable text as blocks, whether it is news, and whether it is a bot
 * challenge rather than the page.
 */
import type { Extracted } from "@bookmark-library/domain"
import * as Challenge from "./Challenge.js"
import * as ContentImage from "./ContentImage.js"
import * as DescriptionPick from "./DescriptionPick.js"
import * as Dom from "./Dom.js"
import * as Favicon from "./Favicon.js"
import * as HtmlCleaner from "./HtmlCleaner.js"
import * as JsonLd from "./JsonLd.js"
import * as Markdown from "./Markdown.js"
import * as MetaTags from "./MetaTags.js"
import { resolve } from "./PageUrl.js"
import * as ReadableText from "./ReadableText.js"
import { clip, collapse } from "./TextBounds.js"
import * as TitlePick from "./TitlePick.js"

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

/** The page's main heading: the first `h1` of its main content when it marks one, else the first `h1`. */
const mainHeading = (document: Dom.DomDocument): string => {
  for (const selector of ["main h1", "article h1", "[role=main] h1", "#content h1", "h1"]) {
    const found = textOf(document, selector)
    if (found !== "") return found
  }
  return ""
}

/** The first `<title>` with text: a page may carry an empty one before the real one. */
const titleElement = (document: Dom.DomDocument): string => {
  for (const element of document.querySelectorAll("title")) {
    const text = collapse(element.textContent)
    if (text !== "") return text
  }
  return ""
}

/**
 * Names of the site: og:site_name, application-name, JSON-LD site and publisher names. A name that is the page's
 * own title beside a different og:site_name is a CMS filling the field with the title ("application-name" on a
 * news article), not the site's.
 */
const siteNamesOf = (meta: MetaTags.MetaTags, jsonLd: JsonLd.JsonLd, titleTag: string): ReadonlyArray<string> => {
  const ogSite = meta.first("og:site_name")
  const pageTitles = [meta.first("og:title"), titleTag].filter((title) => title !== "")
  return [ogSite, meta.first("application-name"), ...jsonLd.siteNames].filter((name) =>
    name !== "" &&
    !(ogSite !== "" && !TitlePick.sameText(name, ogSite) && pageTitles.some((title) => TitlePick.sameText(title, name)))
  )
}

/** A declaration under a name, unless the same `<meta>` already gave it under a stronger one (counted once). */
const distinct = (
  entry: MetaTags.Declared | undefined,
  ...stronger: ReadonlyArray<MetaTags.Declared | undefined>
): string => entry === undefined || stronger.some((other) => other?.element === entry.element) ? "" : entry.content

const pathOf = (pageUrl: string): string => {
  try {
    return new URL(pageUrl).pathname
  } catch {
    return ""
  }
}

const hostOf = (pageUrl: string): string => {
  try {
    return new URL(pageUrl).hostname
  } catch {
    return ""
  }
}

export const extract = (html: string, pageUrl: string): Extracted => {
  const cleaned = HtmlCleaner.clean(html, limits.html, limits.elements)
  const document = Dom.parse(cleaned.html)
  const base = baseOf(document, pageUrl)
  const meta = MetaTags.read(document)
  const jsonLd = JsonLd.read(cleaned.jsonLd)
  const favicon = Favicon.pick(document, base)
  // Before Readability rearranges the document (the fallback when the page declares no preview image).
  const contentImage = ContentImage.pick(document, base)
  const titleTag = titleElement(document)
  const h1 = mainHeading(document)
  // Without a title or a main heading, the first section heading names the page ("Meeting notes" over its parts).
  const h2 = h1 === "" ? textOf(document, "h2") : ""
  // Readability rearranges the document: everything else is read before it runs.
  const readable = ReadableText.read(document, limits.text)

  if (Challenge.detect({ html, title: titleTag, textLength: readable.text.length })) {
    return { type: "website", title: "", description: "", image: "", favicon, text: "", challenge: true }
  }

  const siteNames = siteNamesOf(meta, jsonLd, titleTag)
  const dublinCore = meta.entry("dc:title", "dc.title", "dcterms:title", "dcterms.title")
  const ogTitle = meta.entry("og:title")
  const title = TitlePick.pick({
    dublinCore: distinct(dublinCore),
    og: distinct(ogTitle, dublinCore),
    twitter: distinct(meta.entry("twitter:title"), dublinCore, ogTitle),
    declared: meta.first("parsely-title"),
    jsonLd: jsonLd.titles,
    titleTag,
    h1: h1 || h2,
    readability: readable.title,
    siteNames,
    host: hostOf(pageUrl)
  })
  // The precedence of docs/enrichment.md: what the page declares about this article (Dublin Core, the JSON-LD
  // article's own description) before the social card, `<meta name=description>`, Twitter's card and the JSON-LD
  // description of another kind of main node (a product's, a recipe's).
  const description = DescriptionPick.pick({
    declared: [
      meta.first("dc:description", "dc.description", "dcterms:description", "dcterms.description"),
      jsonLd.articleDescription,
      meta.first("og:description"),
      meta.first("description"),
      meta.first("twitter:description"),
      jsonLd.description
    ].filter((value) => value !== ""),
    title,
    siteDescriptions: jsonLd.siteDescriptions,
    front: jsonLd.front || pathOf(pageUrl) === "/",
    text: readable.text,
    lead: readable.lead
  })
  const image = firstOf(
    ...[
      meta.first("og:image", "og:image:url"),
      meta.first("og:image:secure_url"),
      meta.first("twitter:image", "twitter:image:src"),
      jsonLd.image
    ].map((reference) => resolve(reference, base)),
    contentImage
  )
  const ogType = meta.first("og:type").toLowerCase()
  const type = ogType.startsWith("video")
    ? "video"
    : ogType.startsWith("article") || jsonLd.article || readable.article
    ? "article"
    : "website"
  // News states its story at the start; a dated article without a more specific kind is read the same way.
  const news = jsonLd.news ||
    (!jsonLd.article && ogType.startsWith("article") && meta.first("article:published_time") !== "")

  return {
    type,
    title: clip(title, limits.title),
    description: clip(description, limits.description),
    image,
    favicon,
    text: readable.text,
    markdown: readable.text === "" ? "" : Markdown.fromHtml(readable.html, base, limits.text),
    challenge: false,
    news
  }
}
