/**
 * A recording PageFetcher that passes the PageFetcher contract. Pages are either scripted per URL (a page or a
 * failure, returned as is) or served (a status with a body, a redirect, silence): served pages are fetched as the real
 * fetcher does, with the fakes' address policy at every hop, at most `maxRedirects` redirects and a size cap. Nothing
 * leaves the process.
 */
import { type FetchedPage, FetchFailed, PageFetcher } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import { refusal } from "./FakeAddressPolicy.js"

export type Script = FetchedPage | FetchFailed | ((url: string) => FetchedPage | FetchFailed)

/** What a served URL answers. */
export type Served =
  | {
    readonly status: number
    readonly contentType?: string
    readonly body?: Uint8Array
    readonly location?: string
  }
  | { readonly hang: true }
  | { readonly unreachable: true }

export interface Options {
  /** Like `ALLOW_PRIVATE_NETWORK=true`: the address policy is lifted. */
  readonly allowPrivateNetwork?: boolean
  readonly maxBytes?: number
  readonly maxRedirects?: number
}

export const html = (url: string, body: string, status = 200): FetchedPage => ({
  url,
  status,
  contentType: "text/html; charset=utf-8",
  body: new TextEncoder().encode(body),
  truncated: false
})

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308

const parse = (raw: string, base?: URL): URL | undefined => {
  try {
    return new URL(raw, base)
  } catch {
    return undefined
  }
}

export const make = (options: Options = {}) => {
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024
  const maxRedirects = options.maxRedirects ?? 5
  const scripts = new Map<string, Script>()
  const served = new Map<string, Served>()
  const calls: Array<string> = []
  const blocked = (url: URL) => (options.allowPrivateNetwork === true ? undefined : refusal(url))

  const fetchServed = (start: URL): FetchedPage | FetchFailed => {
    let url = start
    for (let hop = 0;; hop++) {
      const refused = blocked(url)
      if (refused !== undefined) return new FetchFailed({ reason: "blocked", detail: refused })
      const answer = served.get(url.href)
      if (answer === undefined || "unreachable" in answer) {
        return new FetchFailed({ reason: "connection", detail: `connection refused by ${url.host}` })
      }
      if ("hang" in answer) return new FetchFailed({ reason: "timeout", detail: `no answer from ${url.host}` })
      if (!isRedirect(answer.status) || answer.location === undefined) {
        const body = answer.body ?? new Uint8Array(0)
        return {
          url: url.href,
          status: answer.status,
          contentType: answer.contentType ?? "",
          body: Uint8Array.from(body.subarray(0, maxBytes)),
          truncated: body.byteLength > maxBytes
        }
      }
      if (hop >= maxRedirects) {
        return new FetchFailed({ reason: "redirects", detail: `more than ${maxRedirects} redirects` })
      }
      const next = parse(answer.location, url)
      if (next === undefined) {
        return new FetchFailed({ reason: "invalid", detail: `bad redirect Location from ${url.host}` })
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") {
        return new FetchFailed({ reason: "blocked", detail: `redirect to unsupported scheme ${next.protocol}` })
      }
      url = next
    }
  }

  const answer = (raw: string): FetchedPage | FetchFailed => {
    const script = scripts.get(raw)
    if (script !== undefined) return typeof script === "function" ? script(raw) : script
    const start = parse(raw)
    if (start === undefined) return new FetchFailed({ reason: "invalid", detail: "not an absolute URL" })
    if (start.protocol !== "http:" && start.protocol !== "https:") {
      return new FetchFailed({ reason: "invalid", detail: `unsupported scheme ${start.protocol}` })
    }
    return fetchServed(start)
  }

  const service = PageFetcher.of({
    fetch: (raw) =>
      Effect.suspend(() => {
        calls.push(raw)
        const result = answer(raw)
        return result instanceof FetchFailed ? Effect.fail(result) : Effect.succeed(result)
      })
  })
  return {
    service,
    /** Every URL asked for, in order. */
    calls,
    /** What `fetch(url)` returns for exactly this URL, as is (no policy, no redirects). */
    script: (url: string, result: Script) => void scripts.set(url, result),
    /** What the server at `url` answers; fetches of served URLs follow redirects under the policy and the caps. */
    serve: (url: string, answer: Served) => void served.set(new URL(url).href, answer),
    layer: Layer.succeed(PageFetcher, service)
  }
}
