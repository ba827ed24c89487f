/**
 * The canonical form of a saved URL, by which duplicates are known (docs/search.md, "Duplicates"), and the site a
 * URL belongs to (`site:`). Both are stored beside the URL and indexed; neither changes what a save stores.
 */

/** Query parameters that only say where a click came from. */
const tracking = /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|yclid|_ga|_gl|ref_src)$/i

const defaultPorts: Record<string, string> = { "http:": "80", "https:": "443" }

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/** The host without a leading `www.`. */
const folded = (host: string) => (host.startsWith("www.") && host.length > 4 ? host.slice(4) : host)

/**
 * `https://www.Example.com:443/a/?utm_source=x&b=2&a=1#top` → `example.com/a?a=1&b=2`: scheme and `www.` folded,
 * default port, trailing slash, fragment and tracking parameters dropped, the rest of the query sorted (stable for
 * repeated names). A text note (no URL) or a string that is not a URL has the canonical form "" (never a duplicate).
 */
export const canonical = (url: string): string => {
  const parsed = parse(url)
  if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return ""
  const port = parsed.port === "" || parsed.port === defaultPorts[parsed.protocol] ? "" : `:${parsed.port}`
  const path = parsed.pathname.replace(/\/+$/, "")
  const params = [...parsed.searchParams].filter(([name]) => !tracking.test(name))
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = params.length === 0 ? "" : `?${new URLSearchParams(params).toString()}`
  return `${folded(parsed.hostname.toLowerCase())}${port}${path}${query}`
}

/** The host a `site:` filter compares: lowercased, punycode, without `www.`; "" for a text note. */
export const site = (url: string): string => {
  const parsed = parse(url)
  return parsed === undefined ? "" : folded(parsed.hostname.toLowerCase().replace(/\.$/, ""))
}

/**
 * The site as stored for an index range: its labels reversed and closed with a dot (`blog.example.com` →
 * `com.example.blog.`), so "example.com and its subdomains" is the prefix `com.example.`.
 */
export const siteKey = (host: string): string => (host === "" ? "" : `${host.split(".").reverse().join(".")}.`)

/** Whether `host` is `site` or one of its subdomains. */
export const withinSite = (host: string, site: string): boolean => siteKey(host).startsWith(siteKey(site))
