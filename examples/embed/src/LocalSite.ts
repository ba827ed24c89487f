/** A small web site on 127.0.0.1 for the example to bookmark: two articles, served by node:http. */
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

const pages: Record<string, string> = {
  "/tea": `<html><head><title>Brewing green tea</title><meta name="description" content="Cooler water, shorter steeps.">
    </head><body><article><h1>Brewing green tea</h1><p>Green tea turns bitter in boiling water. Brew it at eighty
    degrees for two minutes, then taste and adjust. Good leaves survive three or four infusions.</p></article></body></html>`,
  "/bread": `<html><head><title>Sourdough for beginners</title></head><body><p>A starter is flour, water and patience.
    Feed it daily for a week before the first loaf. Long cold fermentation gives the crumb its flavour.</p></body></html>`
}

/** Serves the pages until the scope closes; yields the site's origin. */
export const start = Effect.acquireRelease(
  Effect.callback<{ readonly origin: string; readonly close: () => void }>((resume) => {
    const server = createServer((request, response) => {
      const page = pages[request.url ?? ""]
      response.writeHead(page === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8" })
      response.end(page ?? "<title>Not found</title>")
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resume(Effect.succeed({ origin: `http://127.0.0.1:${port}`, close: () => server.close() }))
    })
  }),
  (site) => Effect.sync(site.close)
)
