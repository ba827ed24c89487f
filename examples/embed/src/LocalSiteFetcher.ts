/**
 * The host's own PageFetcher: it fetches only from the origins the host names (its intranet, say) with the platform's
 * `fetch`, a time limit and a size cap. The library's `HttpPageFetcher` (in @bookmark-library/adapters) is the one
 * for the open web: it checks every address it connects to.
 */
import { type FetchedPage, FetchFailed, PageFetcher } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

const maxBytes = 2 * 1024 * 1024

const get = (url: string) =>
  Effect.tryPromise({
    try: async (signal): Promise<FetchedPage> => {
      const response = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)])
      })
      const body = new Uint8Array(await response.arrayBuffer())
      return {
        url,
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        body: body.subarray(0, maxBytes),
        truncated: body.byteLength > maxBytes
      }
    },
    catch: (error) => new FetchFailed({ reason: "connection", detail: String(error) })
  })

export const layer = (allowedOrigins: ReadonlyArray<string>) =>
  Layer.succeed(
    PageFetcher,
    PageFetcher.of({
      fetch: (url) =>
        URL.canParse(url) && allowedOrigins.includes(new URL(url).origin)
          ? get(url)
          : Effect.fail(new FetchFailed({ reason: "blocked", detail: `${url} is not on one of this host's sites` }))
    })
  )
