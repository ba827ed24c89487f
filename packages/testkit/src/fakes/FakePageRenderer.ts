/** A recording PageRenderer: scripted HTML per URL and a tiny fixed "JPEG". */
import { PageRenderer, type Rendered, RenderFailed } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

export const make = (available = true) => {
  const pages = new Map<string, string>()
  const calls: Array<string> = []
  const service = PageRenderer.of({
    available,
    render: (url) =>
      Effect.suspend(() => {
        calls.push(url)
        const html = pages.get(url)
        if (html === undefined) return Effect.fail(new RenderFailed({ reason: "no script" }))
        const rendered: Rendered = { html, screenshot: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), width: 1280, height: 800 }
        return Effect.succeed(rendered)
      })
  })
  return {
    service,
    calls,
    script: (url: string, html: string) => void pages.set(url, html),
    layer: Layer.succeed(PageRenderer, service)
  }
}
