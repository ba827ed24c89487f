/**
 * Chooses the page's description: the first it declares (Open Graph, `<meta name=description>`, Twitter, Dublin
 * Core, its JSON-LD main node) that really describes this page, else the lead of its text. A declared value is
 * passed over when it only repeats the title, is the site's own description, or barely shares a word with the
 * page (a site-wide boilerplate description). The reasons are in docs/enrichment.md.
 */
import { sameText } from "./TitlePick.js"

export interface DescriptionSources {
  /** Declared descriptions, in order of precedence. */
  readonly declared: ReadonlyArray<string>
  readonly title: string
  /** Descriptions of the site itself (JSON-LD WebSite, Organization). */
  readonly siteDescriptions: ReadonlyArray<string>
  /** The page's readable text. */
  readonly text: string
  /** The first paragraph of prose. */
  readonly lead: string
}

/** A lead is quoted in whole sentences up to this length; a first sentence longer than that is cut. */
export const leadLength = 300

const contentWords = (text: string): ReadonlyArray<string> =>
  (text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])

/** How many of the description's longer words the page's text and title contain. */
const overlap = (description: string, page: string): number => {
  const words = [...new Set(contentWords(description))]
  if (words.length === 0) return 1
  const haystack = new Set(contentWords(page))
  return words.filter((word) => haystack.has(word)).length / words.length
}

const describesPage = (description: string, sources: DescriptionSources): boolean => {
  if (description.length < 12 || sameText(description, sources.title)) return false
  if (sources.siteDescriptions.some((site) => sameText(site, description))) return false
  // Only a page with text of its own can show that a description is not about it.
  if (sources.text.length < 400) return true
  return overlap(description, `${sources.title} ${sources.text}`) >= 0.25
}

/** Whole sentences of the lead up to `leadLength`; the first sentence alone, cut at a word, when it is longer. */
export const fromLead = (lead: string): string => {
  if (lead.length <= leadLength) return lead
  let end = 0
  for (const match of lead.matchAll(/[.!?。！？]["'”’)\]]*(?:\s+|$)/gu)) {
    const at = match.index + match[0].length
    if (at > leadLength) break
    end = at
  }
  if (end > 0) return lead.slice(0, end).trim()
  const head = lead.slice(0, leadLength - 1)
  const space = head.lastIndexOf(" ")
  return `${(space > leadLength / 2 ? head.slice(0, space) : head).trimEnd()}…`
}

export const pick = (sources: DescriptionSources): string =>
  sources.declared.find((description) => describesPage(description, sources)) ?? fromLead(sources.lead)
