/**
 * Chooses the page's description: the first it declares (Dublin Core, its JSON-LD article, Open Graph,
 * `<meta name=description>`, Twitter, another JSON-LD main node) that really describes this page, whole when
 * another declaration shows it was cut short, else the lead of its text. A declared value is passed over when it
 * only repeats the title, is the site's own description, or barely shares a word with the page (a site-wide
 * boilerplate description). The reasons are in docs/enrichment.md.
 */
import { sameText } from "./TitlePick.js"

export interface DescriptionSources {
  /** Declared descriptions, in order of precedence. */
  readonly declared: ReadonlyArray<string>
  readonly title: string
  /** Descriptions of the site itself (JSON-LD WebSite, Organization). */
  readonly siteDescriptions: ReadonlyArray<string>
  /** A front page (the site's root, a CollectionPage): its description is the site's or the section's coverage. */
  readonly front: boolean
  /** The page's readable text. */
  readonly text: string
  /** The first paragraph of prose. */
  readonly lead: string
}

/** A lead is quoted in whole sentences up to this length; a first sentence longer than that is cut. */
export const leadLength = 300

/**
 * Words of four letters or more, by their first four: "developers" and "developer", "built" and "build" are the same
 * word here (the check only has to tell a description about the page from one about nothing on it).
 */
const contentWords = (text: string): ReadonlyArray<string> =>
  (text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).map((word) => word.slice(0, 4))

/** How many of the description's longer words the page's text and title contain. */
const overlap = (description: string, page: string): number => {
  const words = [...new Set(contentWords(description))]
  if (words.length === 0) return 1
  const haystack = new Set(contentWords(page))
  return words.filter((word) => haystack.has(word)).length / words.length
}

const describesPage = (description: string, sources: DescriptionSources): boolean => {
  if (description.length < 12 || sameText(description, sources.title)) return false
  // A front page's description is the site's coverage, not its headlines of the day.
  if (sources.front) return true
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

/** Without a closing ellipsis or final punctuation, lowercased: how one declaration is compared with another. */
const stem = (text: string): string => text.replace(/(?:\.\.\.|…|[.!?:;,])\s*$/u, "").trimEnd().toLowerCase()

/**
 * A declaration that is the start of a longer one the page also declares is that one cut short (a CMS cutting its
 * `<meta name=description>` at 55 characters, a social card ending at "…new warning." where the description goes
 * on): the longer one is the page's description.
 */
const whole = (description: string, declared: ReadonlyArray<string>): string => {
  const start = stem(description)
  const longer = declared.find((other) => other.length > description.length && other.toLowerCase().startsWith(start))
  return longer ?? description
}

export const pick = (sources: DescriptionSources): string => {
  const found = sources.declared.find((description) => describesPage(description, sources))
  return found === undefined ? fromLead(sources.lead) : whole(found, sources.declared)
}
