/**
 * LinkProbe over SafeHttp (docs/preservation.md, "Link health"): `HEAD` of every hop, a `GET` with a small body limit
 * where `HEAD` is refused (405, 501) or says the page is gone (404, 410: confirmed before it is believed); every
 * hop's name resolved and checked by the address policy and the socket pinned to the checked addresses, as the page
 * fetcher does; redirects followed by hand and recorded, so the checker can tell a permanent move from a temporary
 * one. Short time limits: a check is a question, not a download.
 */
import { FetchFailed, type LinkHealth, LinkProbe } from "@bookmark-library/domain"
import { Clock, Duration, Effect, Layer } from "effect"
import { type GuardOptions, resolveUrl } from "./GuardedLookup.js"
import { defaultUserAgent } from "./HttpPageFetcher.js"
import * as RetryAfter from "./RetryAfter.js"
import { describeCode, header, type HttpFailure, request } from "./SafeHttp.js"

export interface Options extends GuardOptions {
  /** ms to response headers, per request (default 10 s). */
  readonly headersTimeout?: number | undefined
  /** ms for the whole check, redirects and DNS included (default 15 s). */
  readonly totalTimeout?: number | undefined
  readonly maxRedirects?: number | undefined
  readonly userAgent?: string | undefined
}

export const defaults = { headersTimeout: 10_000, totalTimeout: 15_000, maxRedirects: 5 }

/** Body bytes read from a `GET` fallback: the status is the answer, the body only proves the page comes. */
export const getBodyLimit = 16 * 1024

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308

const parseUrl = (raw: string, base?: URL): URL | undefined => {
  try {
    return new URL(raw, base)
  } catch {
    return undefined
  }
}

const failed = (reason: string, detail: string): LinkHealth.Probe => ({ _tag: "Failed", reason, detail })

const fromHttp = (e: HttpFailure): LinkHealth.Probe =>
  failed(e.reason, e.reason === "connection" ? describeCode(e.code) : e.detail)

export const make = (options: Options) => {
  const headersTimeout = options.headersTimeout ?? defaults.headersTimeout
  const totalTimeout = options.totalTimeout ?? defaults.totalTimeout
  const maxRedirects = options.maxRedirects ?? defaults.maxRedirects
  const headers = { "user-agent": options.userAgent ?? defaultUserAgent, accept: "*/*" }

  const check = Effect.fn("HttpLinkProbe.probe")(function*(raw: string) {
    const deadline = (yield* Clock.currentTimeMillis) + totalTimeout
    const remaining = Effect.map(Clock.currentTimeMillis, (now) => Math.max(1, deadline - now))
    const start = parseUrl(raw)
    if (start === undefined) return failed("invalid", "not an absolute URL")
    const hops: Array<LinkHealth.Hop> = []
    let url = start
    for (;;) {
      const addresses = yield* resolveUrl(url, options).pipe(
        Effect.timeoutOrElse({
          duration: Duration.millis(yield* remaining),
          orElse: () =>
            Effect.fail(new FetchFailed({ reason: "timeout", detail: `DNS lookup of ${url.hostname} timed out` }))
        }),
        Effect.result
      )
      if (addresses._tag === "Failure") return failed(addresses.failure.reason, addresses.failure.detail)
      const ask = (method: "HEAD" | "GET") =>
        Effect.gen(function*() {
          const left = yield* remaining
          return yield* request({
            url,
            method,
            headers,
            addresses: addresses.success,
            headersTimeout: Math.min(headersTimeout, left),
            totalTimeout: left,
            maxBytes: getBodyLimit,
            discardBody: () => method === "HEAD"
          })
        })
      const head = yield* Effect.result(ask("HEAD"))
      if (head._tag === "Failure") return fromHttp(head.failure)
      // A `GET` where `HEAD` is refused, and to confirm a 404 or 410: some servers answer `HEAD` wrongly, and a
      // link marked gone is a claim a person acts on.
      const again = [405, 501, 404, 410].includes(head.success.status)
      const answer = again ? yield* Effect.result(ask("GET")) : head
      if (answer._tag === "Failure") return fromHttp(answer.failure)
      const response = answer.success
      const location = header(response.headers, "location")
      if (!isRedirect(response.status) || location === undefined) {
        const retryAfter = RetryAfter.parse(header(response.headers, "retry-after"), yield* Clock.currentTimeMillis)
        const probe: LinkHealth.Probe = { _tag: "Answered", status: response.status, url: url.href, hops, retryAfter }
        return probe
      }
      if (hops.length >= maxRedirects) return failed("redirects", `more than ${maxRedirects} redirects`)
      const next = parseUrl(location, url)
      if (next === undefined) return failed("invalid", `bad redirect Location from ${url.host}`)
      if (next.protocol !== "http:" && next.protocol !== "https:") {
        return failed("blocked", `redirect to unsupported scheme ${next.protocol}`)
      }
      hops.push({ status: response.status, to: next.href })
      url = next
    }
  })

  return LinkProbe.of({ probe: (url) => check(url) })
}

export const layer = (options: Options) => Layer.effect(LinkProbe, Effect.sync(() => make(options)))
