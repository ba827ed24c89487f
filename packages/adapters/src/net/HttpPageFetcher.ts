/**
 * PageFetcher over SafeHttp: SSRF-checked GET, redirects followed by hand (each hop re-checked), caps on time and size.
 */
import { type FetchedPage, FetchFailed, type FetchLimits, PageFetcher } from "@bookmark-library/domain"
import { Clock, Duration, Effect, Layer } from "effect"
import { type GuardOptions, resolveUrl } from "./GuardedLookup.js"
import { header, type HttpFailure, request } from "./SafeHttp.js"

export interface Options extends GuardOptions {
  /** ms to response headers, per hop (default 15 s). */
  readonly headersTimeout?: number | undefined
  /** ms for the whole fetch including redirects and DNS (default 30 s). */
  readonly totalTimeout?: number | undefined
  /** Body bytes kept (default 10 MiB). */
  readonly maxBytes?: number | undefined
  readonly maxRedirects?: number | undefined
  readonly userAgent?: string | undefined
}

// The composition root passes `BookmarkLibraryBot/1.0 (+PUBLIC_URL)` so site owners can find the operator.
export const defaultUserAgent = "BookmarkLibraryBot/1.0 (+bookmark enrichment; self-hosted)"
export const defaults = { headersTimeout: 15_000, totalTimeout: 30_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 }

const accept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/*;q=0.8,application/pdf;q=0.8,*/*;q=0.5"

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308

const fromHttp = (e: HttpFailure): FetchFailed => new FetchFailed({ reason: e.reason, detail: e.detail })

const parseUrl = (raw: string, base?: URL): URL | undefined => {
  try {
    return new URL(raw, base)
  } catch {
    return undefined
  }
}

export const make = (options: Options) => {
  const headersTimeout = options.headersTimeout ?? defaults.headersTimeout
  const totalTimeout = options.totalTimeout ?? defaults.totalTimeout
  const defaultMaxBytes = options.maxBytes ?? defaults.maxBytes
  const maxRedirects = options.maxRedirects ?? defaults.maxRedirects
  const headers = {
    "user-agent": options.userAgent ?? defaultUserAgent,
    accept,
    "accept-language": "en;q=1.0, *;q=0.5",
    "accept-encoding": "gzip, deflate, br"
  }

  const fetch = Effect.fn("HttpPageFetcher.fetch")(function*(raw: string, limits: FetchLimits = {}) {
    // A caller may tighten the limits, never loosen them.
    const maxBytes = Math.min(limits.maxBytes ?? defaultMaxBytes, defaultMaxBytes)
    const deadline = (yield* Clock.currentTimeMillis) + Math.min(limits.totalTimeout ?? totalTimeout, totalTimeout)
    const remaining = Effect.map(Clock.currentTimeMillis, (now) => Math.max(1, deadline - now))
    const start = parseUrl(raw)
    if (start === undefined) return yield* new FetchFailed({ reason: "invalid", detail: "not an absolute URL" })
    if (start.protocol !== "http:" && start.protocol !== "https:") {
      return yield* new FetchFailed({ reason: "invalid", detail: `unsupported scheme ${start.protocol}` })
    }
    let url = start
    for (let hop = 0;; hop++) {
      const left = yield* remaining
      const addresses = yield* resolveUrl(url, options).pipe(
        Effect.timeoutOrElse({
          duration: Duration.millis(left),
          orElse: () =>
            Effect.fail(new FetchFailed({ reason: "timeout", detail: `DNS lookup of ${url.hostname} timed out` }))
        })
      )
      const response = yield* request({
        url,
        method: "GET",
        headers,
        addresses,
        headersTimeout: Math.min(headersTimeout, yield* remaining),
        totalTimeout: yield* remaining,
        maxBytes,
        discardBody: (status, h) => isRedirect(status) && h.location !== undefined
      }).pipe(Effect.mapError(fromHttp))
      const location = header(response.headers, "location")
      if (!isRedirect(response.status) || location === undefined) {
        const cacheControl = header(response.headers, "cache-control")
        const page: FetchedPage = {
          url: url.href,
          status: response.status,
          contentType: header(response.headers, "content-type") ?? "",
          body: response.body,
          truncated: response.truncated,
          ...(cacheControl === undefined ? {} : { cacheControl })
        }
        return page
      }
      if (hop >= maxRedirects) {
        return yield* new FetchFailed({ reason: "redirects", detail: `more than ${maxRedirects} redirects` })
      }
      const next = parseUrl(location, url)
      if (next === undefined) {
        return yield* new FetchFailed({ reason: "invalid", detail: `bad redirect Location from ${url.host}` })
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") {
        return yield* new FetchFailed({ reason: "blocked", detail: `redirect to unsupported scheme ${next.protocol}` })
      }
      yield* Effect.logDebug("following redirect").pipe(
        Effect.annotateLogs({ from: url.href, to: next.href, status: response.status })
      )
      url = next
    }
  })

  return PageFetcher.of({ fetch })
}

/** The live PageFetcher; `allowPrivateNetwork` comes from `ALLOW_PRIVATE_NETWORK` in the composition root. */
export const layer = (options: Options) => Layer.effect(PageFetcher, Effect.sync(() => make(options)))
