/**
 * Enrichment step: fetch the page through the SSRF-safe fetcher. A page that cannot be read says why, in the words of
 * `processingError`, and whether another attempt may do better (docs/enrichment.md, "`processingError`").
 */
import { Effect, Result } from "effect"
import { addressPolicyRefusal, type FetchedPage, type FetchFailed, PageFetcher } from "../../ports/PageFetcher.js"

/** Why the page could not be read. */
export interface Unread {
  readonly reason: string
  /** Timeouts, DNS, connection failures, 5xx and 429 may pass. */
  readonly transient: boolean
}

export const fetchReason = (e: FetchFailed): string => {
  switch (e.reason) {
    case "blocked":
      return addressPolicyRefusal
    case "timeout":
      return "timeout"
    case "dns":
      return "DNS lookup failed"
    case "notfound":
      return "host name not found"
    case "connection":
      return "connection failed"
    case "redirects":
      return "too many redirects"
    case "invalid":
      return `invalid URL: ${e.detail}`
    case "body":
      return "undecodable response body"
  }
}

/** The page when it answered 2xx; otherwise why not. */
export const fetchPage = Effect.fn("FetchPage")(function*(url: string) {
  const fetched = yield* Effect.result((yield* PageFetcher).fetch(url))
  if (fetched._tag === "Failure") {
    return Result.fail<Unread>({ reason: fetchReason(fetched.failure), transient: fetched.failure.transient })
  }
  const page: FetchedPage = fetched.success
  if (page.status < 200 || page.status > 299) {
    return Result.fail<Unread>({ reason: `HTTP ${page.status}`, transient: page.status >= 500 || page.status === 429 })
  }
  return Result.succeed(page)
})
