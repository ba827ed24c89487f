/**
 * Chooses the page's title among what it declares and shows, the way a reader would name the page: site-name
 * suffixes and prefixes come off (" - Wikipedia", "Git - ", " | by Author | Medium"), a title that is only the
 * site's name is not the page's, and the sources vote: the text that most sources agree on wins, each source
 * weighing by how deliberately it names this page (Dublin Core and Open Graph most, then JSON-LD and Twitter, then
 * `<title>`, the main `<h1>` and Readability's guess). The reasons are in docs/enrichment.md.
 */

export interface TitleSources {
  /** Dublin Core `dc:title` / `dcterms:title`: a bibliographic declaration. */
  readonly dublinCore: string
  readonly og: string
  readonly twitter: string
  /** Parse.ly and other declared titles. */
  readonly declared: string
  /** JSON-LD title candidates of the main node, the stronger first. */
  readonly jsonLd: ReadonlyArray<string>
  readonly titleTag: string
  /** The page's main heading (inside main/article when there is one). */
  readonly h1: string
  readonly readability: string
  /** og:site_name, application-name, JSON-LD site and publisher names. */
  readonly siteNames: ReadonlyArray<string>
  /** The page's host, whose name often is the site's ("harbourtimes.co.uk" → "Harbour Times"). */
  readonly host: string
}

/** Separators sites put between the page title and their name. */
const separator = /\s+(?:[|\-–—·•»:~/]|--)\s+|:\s+|\s+\|\s*|\s*\|\s+/

/** A separator written without spaces, at the start of what follows the heading. */
const tight = /^\s*(?:[|\-–—_·•»:~/｜：]|--)\s*\S/u

/** Lowercase letters and digits only: "Circuit & Signal" and "circuitandsignal" compare by "circuitsignal"… */
const squeeze = (text: string) =>
  text.normalize("NFKD").toLowerCase().replace(/\p{M}/gu, "").replace(/[^\p{L}\p{N}]+/gu, "")

/** For comparing candidates: case, spacing and quote style do not make two titles different. */
export const sameText = (a: string, b: string) => squeeze(a) !== "" && squeeze(a) === squeeze(b)

/**
 * The host's labels that can be a site's name: "en.wikipedia.org" → wikipedia; "www.harbourtimes.co.uk" → harbourtimes.
 */
const hostNames = (host: string): ReadonlyArray<string> => {
  const labels = host.toLowerCase().split(".").filter((label) =>
    !/^(?:www\d*|m|en|de|fr|es|it|nl|ja|amp|blog|docs?)$/.test(label)
  )
  const generic = new Set([
    "com",
    "org",
    "net",
    "co",
    "uk",
    "io",
    "dev",
    "de",
    "fr",
    "es",
    "it",
    "nl",
    "jp",
    "example",
    "news",
    "blog",
    "shop",
    "app",
    "gov",
    "edu",
    "info",
    "coffee",
    "run",
    "photo",
    "community",
    "website",
    "substack"
  ])
  return labels.filter((label) => !generic.has(label)).map((label) => label.replace(/-/g, ""))
}

/**
 * Whether a squeezed segment names what a squeezed name names: the same, an abbreviation inside it ("MDN" of
 * "MDN Web Docs"), or it with a little around it ("The Daily Ledger" for "dailyledger"), never a long title that
 * merely contains it ("git-rebase Documentation" is not the site "Git").
 */
const names = (segment: string, name: string): boolean =>
  name.length >= 3 &&
  (segment === name || (segment.length >= 3 && name.includes(segment)) ||
    (segment.includes(name) && segment.length <= name.length + 6))

/** A section of the site, named after it: "CNN Politics", "BBC News Sport" at the end of a title. */
const sectionOf = (segment: string, name: string): boolean =>
  name.length >= 3 && segment.startsWith(name) && segment.length <= name.length + 12

/** Whether a title segment names the site (a known name of it, or its host's name). */
const isSiteName = (segment: string, sources: TitleSources): boolean => {
  const s = squeeze(segment)
  if (s === "") return true
  // "Café crème" does not name cafe.example: a host label must be matched nearly whole.
  return sources.siteNames.some((name) => names(s, squeeze(name)) || sectionOf(s, squeeze(name))) ||
    hostNames(sources.host).some((label) => s === label || (label.length >= 6 && names(s, label)))
}

/** Platform bylines in a title: "| by Priya Natarajan | Medium". */
const byline = /^by\s/i

/** The title without the site's name at either end, and without what only repeats the main heading's context. */
export const clean = (raw: string, sources: TitleSources): string => {
  const title = raw.trim()
  if (title === "") return ""
  const cut = withoutSite(title, sources)
  // A kicker or series before the heading ("Analysis: The nonstop sparring match…") is the section, not the title.
  return cut === title ? cut : againstHeading(cut, sources)
}

/** A title with one spaced separator whose short end ("– My website", "| Blog") follows a longer title. */
const shortTail = (parts: ReadonlyArray<string>): boolean => {
  if (parts.length !== 2) return false
  const words = (text: string) => text.replace(/^\s*(?:--|[|\-–—·•»:~/])\s*/, "").trim().split(/\s+/).length
  const [head = "", tail = ""] = parts
  return /^\s+(?:[|\-–—·•]|--)\s+/.test(tail) && words(tail) <= 3 && words(head) >= 4
}

const againstHeading = (title: string, sources: TitleSources): string => {
  // The main heading agrees with the title once the rest is cut off: that rest is site or section.
  const h1 = sources.h1.trim()
  if (h1 !== "" && h1.length < title.length) {
    const lower = title.toLowerCase()
    const heading = h1.toLowerCase()
    // Right after the heading a separator may come without spaces ("…用药需求-新华网"): the heading marks the cut.
    if (
      lower.startsWith(heading) &&
      (separator.test(title.slice(h1.length, h1.length + 4)) || tight.test(title.slice(h1.length)))
    ) {
      return title.slice(0, h1.length)
    }
    if (
      lower.endsWith(heading) &&
      separator.test(title.slice(Math.max(0, title.length - h1.length - 4), title.length - h1.length + 1))
    ) {
      return title.slice(title.length - h1.length)
    }
  }
  return title
}

const withoutSite = (raw: string, sources: TitleSources): string => {
  const title = againstHeading(raw, sources)
  if (title !== raw) return title
  let parts = splitKeeping(title)
  // Nothing else names the page: a short end after the title is the site's name, as readers take it.
  if (sources.h1 === "" && sources.og === "" && shortTail(parts)) parts = parts.slice(0, 1)
  while (parts.length > 1) {
    const last = parts[parts.length - 1] ?? ""
    const first = parts[0] ?? ""
    if (isSiteName(last, sources) || byline.test(last.replace(/^\s*[|\-–—·•»:~/]?\s*/, ""))) parts = parts.slice(0, -1)
    else if (isSiteName(first, sources)) parts = parts.slice(1)
    else break
  }
  return parts.join("").replace(/^\s*(?:--|[|\-–—·•»:~/])\s*|\s*(?:--|[|\-–—·•»:~/])\s*$/g, "").trim()
}

/** Splits at separators, keeping each separator with the segment after it so the kept segments rejoin as written. */
const splitKeeping = (title: string): Array<string> => {
  const parts: Array<string> = []
  const pattern = new RegExp(separator.source, "g")
  let start = 0
  for (const match of title.matchAll(pattern)) {
    parts.push(title.slice(start, match.index))
    start = match.index
  }
  parts.push(title.slice(start))
  return parts.filter((part) => part.trim() !== "")
}

interface Vote {
  readonly text: string
  readonly weight: number
}

/** A title that is nothing but the site's name: a CMS that puts it in og:title (or the logo in an h1) on every page. */
const onlySiteName = (text: string, sources: TitleSources): boolean =>
  sources.siteNames.some((name) => sameText(name, text)) ||
  hostNames(sources.host).some((label) => squeeze(text) === label)

/** The title with the most weight behind it; on a tie, the one the strongest single source gave. */
export const pick = (sources: TitleSources): string => {
  const votes: Array<Vote> = []
  const raws: Array<string> = []
  const add = (raw: string, weight: number) => {
    const text = clean(raw, sources)
    if (text === "") return
    raws.push(text)
    if (!onlySiteName(text, sources)) votes.push({ text, weight })
  }
  // Dublin Core first: as strong as Open Graph, it wins a tie (a bibliographic title over a social card's).
  add(sources.dublinCore, 3)
  add(sources.og, 3)
  add(sources.twitter, 2)
  add(sources.declared, 2)
  sources.jsonLd.forEach((title, i) => add(title, i === 0 ? 2.5 : 2))
  add(sources.titleTag, 2)
  add(sources.h1, 1.5)
  // Readability's guess is made from `<title>`: the same text again is no second opinion.
  if (!sameText(clean(sources.readability, sources), clean(sources.titleTag, sources))) add(sources.readability, 1)
  let best: { text: string; total: number; top: number } | undefined
  for (const vote of votes) {
    const agreeing = votes.filter((other) => sameText(other.text, vote.text))
    const total = agreeing.reduce((sum, other) => sum + other.weight, 0)
    const top = Math.max(...agreeing.map((other) => other.weight))
    if (best === undefined || total > best.total || (total === best.total && top > best.top)) {
      best = { text: vote.text, total, top }
    }
  }
  // A site's home page may well be titled by its name alone.
  return best?.text ?? raws[0] ?? ""
}
