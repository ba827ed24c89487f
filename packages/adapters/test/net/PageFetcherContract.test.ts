/** HttpPageFetcher passes the PageFetcher contract against a loopback site, with the address policy on. */
import { PageFetcher } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { Context, Effect, Layer } from "effect"
import type * as http from "node:http"
import * as HttpPageFetcher from "../../src/net/HttpPageFetcher.js"
import { closedPort, serve } from "./LoopbackServers.js"

const maxBytes = 4_096

/** One loopback site answering per path; only its origin and a closed port are allowlisted. */
const harness = Layer.effectContext(Effect.gen(function*() {
  const responses = new Map<string, Contracts.SiteResponse>()
  const site = yield* serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const response = responses.get(req.url ?? "")
    if (response === undefined) return void res.writeHead(404).end()
    if (response.hang === true) return
    res.writeHead(response.status, {
      ...(response.contentType === undefined ? {} : { "content-type": response.contentType }),
      ...(response.location === undefined ? {} : { location: response.location })
    })
    res.end(response.body === undefined ? undefined : Buffer.from(response.body))
  })
  const closed = yield* closedPort
  const fetcher = HttpPageFetcher.make({
    allowPrivateNetwork: false,
    allowlist: [site.origin, `127.0.0.1:${closed}`],
    maxBytes,
    headersTimeout: 500,
    totalTimeout: 3_000
  })
  let next = 0
  const pages = Contracts.PageSite.of({
    page: (response) =>
      Effect.sync(() => {
        const path = `/page-${next++}`
        responses.set(path, response)
        return `http://${site.origin}${path}`
      }),
    unreachable: Effect.succeed(`http://127.0.0.1:${closed}/`),
    maxBytes
  })
  return Context.make(PageFetcher, fetcher).pipe(Context.add(Contracts.PageSite, pages))
}))

Contracts.pageFetcherContract("http", harness)
