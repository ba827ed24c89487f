/**
 * Contract of the PageFetcher port: the final page after redirects (each hop under the address policy, at most five),
 * exact bytes cut at the size cap, any status a page, and failures with the reason the domain retries on or not.
 * The adapter under test comes with a `PageSite`: pages it is allowed to reach that answer as the test says.
 */
import { FetchFailed, PageFetcher } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, type Layer } from "effect"

export interface SiteResponse {
  readonly status: number
  readonly contentType?: string
  readonly body?: Uint8Array
  /** A `Location` header (absolute or relative). */
  readonly location?: string
  /** Never answer (the fetcher's timeout decides). */
  readonly hang?: boolean
}

export class PageSite extends Context.Service<PageSite, {
  /** A URL the address policy allows whose page answers with `response`; the pages of a site share one origin. */
  readonly page: (response: SiteResponse) => Effect.Effect<string>
  /** A URL the address policy allows where nothing listens. */
  readonly unreachable: Effect.Effect<string>
  /** The fetcher's size cap in bytes (small, so the test stays quick). */
  readonly maxBytes: number
}>()("PageSite") {}

/** Pages on this machine every address policy refuses; should a policy let one through, it still stays on loopback. */
export const refusedLocalPages: ReadonlyArray<string> = [
  "http://127.0.0.1:9/",
  "http://localhost:9/admin",
  "http://[::1]:9/",
  "http://[::ffff:127.0.0.1]:9/",
  "http://2130706433:9/",
  "http://0.0.0.0:9/"
]

const bytes = (length: number) => new Uint8Array(length).map((_, i) => (i * 31 + 7) % 256)
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

export const pageFetcherContract = <E>(name: string, layer: Layer.Layer<PageFetcher | PageSite, E>) =>
  describe(`PageFetcher contract: ${name}`, () => {
    // Live clock: a real fetcher's timeouts run on it.
    const run = <A, E2>(effect: Effect.Effect<A, E2, PageFetcher | PageSite>) => effect.pipe(Effect.provide(layer))
    const failure = (url: string) => Effect.flatMap(PageFetcher, (f) => Effect.flip(f.fetch(url)))

    it.live("fetches a page: status, content type and the exact bytes, not truncated", () =>
      run(Effect.gen(function*() {
        const body = bytes(3_000)
        const url = yield* (yield* PageSite).page({ status: 200, contentType: "application/octet-stream", body })
        const page = yield* (yield* PageFetcher).fetch(url)
        expect([page.url, page.status, page.contentType, page.truncated]).toEqual([
          url,
          200,
          "application/octet-stream",
          false
        ])
        expect(same(page.body, body)).toBe(true)
      })))

    it.live("any answered status is a page, not a failure", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        for (const status of [404, 410, 500, 503]) {
          const url = yield* site.page({
            status,
            contentType: "text/html",
            body: new TextEncoder().encode(`<h1>${status}</h1>`)
          })
          expect((yield* (yield* PageFetcher).fetch(url)).status).toBe(status)
        }
      })))

    it.live("follows every redirect status, absolute or relative, and reports the final URL", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        const body = new TextEncoder().encode("<title>Arrived</title>")
        const final = yield* site.page({ status: 200, contentType: "text/html", body })
        let url = final
        for (const [i, status] of [308, 307, 303, 302, 301].entries()) {
          // Every other hop is relative, resolved against the URL that answered it.
          url = yield* site.page({ status, location: i % 2 === 0 ? url : new URL(url).pathname })
        }
        const page = yield* (yield* PageFetcher).fetch(url)
        expect([page.url, page.status]).toEqual([final, 200])
        expect(same(page.body, body)).toBe(true)
      })))

    it.live("gives up after five redirects", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        let url = yield* site.page({ status: 200, contentType: "text/plain", body: bytes(1) })
        const five = url
        for (let i = 0; i < 5; i++) url = yield* site.page({ status: 302, location: url })
        expect((yield* (yield* PageFetcher).fetch(url)).url).toBe(five)
        const six = yield* site.page({ status: 302, location: url })
        expect((yield* failure(six)).reason).toBe("redirects")
      })))

    it.live("refuses what the address policy refuses, at the start and at every hop", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        for (const url of refusedLocalPages) {
          expect({ url, reason: (yield* failure(url)).reason }).toEqual({ url, reason: "blocked" })
          const hop = yield* site.page({ status: 302, location: url })
          expect({ url, reason: (yield* failure(hop)).reason }).toEqual({ url, reason: "blocked" })
        }
        const toFile = yield* site.page({ status: 302, location: "file:///etc/passwd" })
        expect((yield* failure(toFile)).reason).toBe("blocked")
      })))

    it.live("refuses what is not an http(s) URL", () =>
      run(Effect.gen(function*() {
        for (
          const url of ["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "not a url", "/relative"]
        ) {
          const failed = yield* failure(url)
          expect({ url, reason: failed.reason, transient: failed.transient }).toEqual({
            url,
            reason: "invalid",
            transient: false
          })
        }
      })))

    it.live("keeps the first maxBytes of a larger body and says it was cut", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        const fits = bytes(site.maxBytes)
        const over = bytes(site.maxBytes * 3 + 1)
        const exact = yield* (yield* PageFetcher).fetch(
          yield* site.page({ status: 200, contentType: "text/plain", body: fits })
        )
        expect([exact.truncated, same(exact.body, fits)]).toEqual([false, true])
        const cut = yield* (yield* PageFetcher).fetch(
          yield* site.page({ status: 200, contentType: "text/plain", body: over })
        )
        expect([cut.truncated, same(cut.body, over.subarray(0, site.maxBytes))]).toEqual([true, true])
      })))

    it.live("a page that does not answer in time and a host where nothing listens fail as worth retrying", () =>
      run(Effect.gen(function*() {
        const site = yield* PageSite
        const slow = yield* failure(yield* site.page({ status: 200, hang: true }))
        expect([slow.reason, slow.transient]).toEqual(["timeout", true])
        const nobody = yield* failure(yield* site.unreachable)
        expect(nobody).toBeInstanceOf(FetchFailed)
        expect([nobody.reason, nobody.transient]).toEqual(["connection", true])
      })))
  })
