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
}

export class FetchFailed extends Schema.TaggedError<FetchFailed>()("FetchFailed", {
  reason: Schema.Literal("blocked", "timeout", "dns", "connection", "redirects", "invalid", "body"),
  detail: Schema.String
}) {
  /** Timeouts, DNS and connection failures may pass; a policy block, a bad URL or a corrupt body will not. */
  get transient(): boolean {
    return this.reason === "timeout" || this.reason === "dns" || this.reason === "connection"
  }
}

export class PageFetcher extends Context.Tag("PageFetcher")<PageFetcher, {
  readonly fetch: (url: string) => Effect.Effect<FetchedPage, FetchFailed>
}>() {}
