/**
 * Which browser origins may call `/mcp` (docs/mcp.md, "The HTTP edge, in order"): the origin of PUBLIC_URL, and a
 * loopback origin (localhost, 127.0.0.0/8, [::1]) naming the very host and port the request was sent to. A foreign
 * origin — a web page on another site, another local port, or a rebound DNS name — is refused. No Origin header (every
 * non-browser client) passes.
 */

const loopbackHost = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

const parse = (text: string): URL | undefined => {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** `host` of a Host header value, normalised as a URL would write it (default ports dropped). */
const hostOf = (scheme: string, header: string): string | undefined => parse(`${scheme}//${header}`)?.host

export const make = (publicUrl: string) => {
  const publicOrigin = parse(publicUrl)?.origin
  /** Whether a request with this `Origin` (and `Host`) header is allowed. */
  return (origin: string | undefined, host: string | undefined): boolean => {
    if (origin === undefined) return true
    const url = parse(origin.trim())
    if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) return false
    if (url.origin === publicOrigin) return true
    return loopbackHost.test(url.hostname) && host !== undefined && hostOf(url.protocol, host) === url.host
  }
}
