/**
 * A recording PageRenderer: scripted HTML per URL and a tiny fixed "JPEG"; asked for a copy, the HTML itself is the
 * copy unless one is scripted (`scriptCopy`).
 */
import { type Copy, PageRenderer, type Rendered, RenderFailed } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

export const make = (available = true) => {
  const pages = new Map<string, string>()
  const calls: Array<string> = []
  const copies = new Map<string, Copy>()
  /** Documents asked for a screenshot (copies from the browser), in order. */
  const documents: Array<string> = []
  const service = PageRenderer.of({
    available,
    render: (url, options) =>
      Effect.suspend(() => {
        calls.push(url)
        const html = pages.get(url)
        if (html === undefined) return Effect.fail(new RenderFailed({ reason: "no script" }))
        const rendered: Rendered = {
          html,
          screenshot: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
          width: 1280,
          height: 800,
          copy: options?.copy === undefined
            ? undefined
            : copies.get(url) ?? { _tag: "Kept", html: new TextEncoder().encode(html), partial: "" }
        }
        return Effect.succeed(rendered)
      }),
    screenshotDocument: (html) =>
      Effect.sync(() => {
        documents.push(html)
        return { screenshot: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), width: 1280, height: 800 }
      })
  })
  return {
    service,
    calls,
    documents,
    script: (url: string, html: string) => void pages.set(url, html),
    scriptCopy: (url: string, copy: Copy) => void copies.set(url, copy),
    layer: Layer.succeed(PageRenderer, service)
  }
}
