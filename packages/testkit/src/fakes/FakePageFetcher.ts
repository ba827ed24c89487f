/** A recording PageFetcher with scripted pages or failures per URL. */
import { type FetchedPage, FetchFailed, PageFetcher } from "@bookmarks/domain"
import { Effect, Layer } from "effect"

export type Script = FetchedPage | FetchFailed | ((url: string) => FetchedPage | FetchFailed)

export const html = (url: string, body: string, status = 200): FetchedPage => ({
  url,
  status,
  contentType: "text/html; charset=utf-8",
  body: new TextEncoder().encode(body),
  truncated: false
})

export const make = () => {
  const scripts = new Map<string, Script>()
  const calls: Array<string> = []
  const service = PageFetcher.of({
    fetch: (url) =>
      Effect.suspend(() => {
        calls.push(url)
        const script = scripts.get(url)
        const result = typeof script === "function" ? script(url) : script
        if (result === undefined) return Effect.fail(new FetchFailed({ reason: "connection", detail: "no script" }))
        return result instanceof FetchFailed ? Effect.fail(result) : Effect.succeed(result)
      })
  })
  return {
    service,
    calls,
    script: (url: string, result: Script) => void scripts.set(url, result),
    layer: Layer.succeed(PageFetcher, service)
  }
}
