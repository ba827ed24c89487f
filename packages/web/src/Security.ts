/**
 * Browser protections on every page (docs/web.md): a strict Content-Security-Policy with no inline script, no
 * framing, no referrer outside the site, no content sniffing.
 */
export const headers = (imageOrigins: ReadonlyArray<string>): Record<string, string> => ({
  "content-security-policy": [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${imageOrigins.join(" ")}`.trim(),
    "connect-src 'self'",
    // The installable app's manifest (AppManifest.ts).
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'"
  ].join("; "),
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin"
})

/**
 * Whether a state-changing request comes from our own pages. Browsers send `Sec-Fetch-Site` (and `Origin`) on every
 * form POST; either one naming another site refuses the request. A client that sends neither (curl, a very old
 * browser) is not a cross-site browser request, and still needs the form's CSRF token when signed in.
 */
export const sameOrigin = (input: {
  readonly secFetchSite: string | undefined
  readonly origin: string | undefined
  readonly host: string | undefined
  readonly publicOrigin: string
}): boolean => {
  if (input.secFetchSite !== undefined && input.secFetchSite !== "same-origin") return false
  if (input.origin === undefined) return true
  if (input.origin === input.publicOrigin) return true
  try {
    return input.host !== undefined && new URL(input.origin).host === input.host
  } catch {
    return false
  }
}

/** Loopback clients, unless a proxy forwarded the request (then the real client is elsewhere). */
export const isLoopback = (address: string | undefined, forwarded: boolean): boolean =>
  !forwarded && address !== undefined &&
  (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === "::1" ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address))
