/** Port: an SSRF-safe GET of a page, with caps on time, redirects and size. */
import { Context, type Effect, Schema } from "effect"

export interface FetchedPage {
  /** The final URL after redirects. */
  readonly url: string
  readonly status: number
  readonly contentType: string
  readonly body: Uint8Array
  /** True when the body was cut at the size cap. */
  readonly truncated: boolean
  /** The answer's `Cache-Control` header, when it had one (documents kept for a while honour it). */
  readonly cacheControl?: string
}

/**
 * What a destination the address policy refused says to the person who saved the page or registered the webhook: what
 * happened and the operator's setting that can allow it (docs/operations.md, "Pages on your own network").
 */
export const addressPolicyRefusal = "blocked by address policy (ALLOW_HOSTS can allow a host on your own network)"

/**
 * Why a fetch failed. `dns` is a resolver that could not answer now (`EAI_AGAIN`, a timeout); `notfound` is a name
 * that does not exist (NXDOMAIN, `ENOTFOUND`) or has no address: asking again later does not create it.
 */
export class FetchFailed extends Schema.TaggedError<FetchFailed>()("FetchFailed", {
  reason: Schema.Literals(["blocked", "timeout", "dns", "notfound", "connection", "redirects", "invalid", "body"]),
  detail: Schema.String
}) {
  /** Its fields, as the message of a log or a cause. */
  override get message() {
    return `{ reason: ${JSON.stringify(this.reason)}, detail: ${JSON.stringify(this.detail)} }`
  }

  /**
   * Timeouts, resolver and connection failures may pass; a policy block, a missing name, a bad URL or a corrupt body
   * will not.
   */
  get transient(): boolean {
    return this.reason === "timeout" || this.reason === "dns" || this.reason === "connection"
  }
}

/** Tighter limits for a small side request (a favicon check): fewer body bytes, less time. */
export interface FetchLimits {
  readonly maxBytes?: number
  /** ms for the whole fetch including redirects and DNS. */
  readonly totalTimeout?: number
}

export class PageFetcher extends Context.Service<PageFetcher, {
  readonly fetch: (url: string, limits?: FetchLimits) => Effect.Effect<FetchedPage, FetchFailed>
}>()("PageFetcher") {}
