/** A loopback site for the public-API tests: an image, an article and a webhook receiver that answers 200. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** A 1×1 transparent PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

const article = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Field notes on the quiet pangolin</title>
<meta property="og:type" content="article">
<meta name="description" content="A long read about pangolins and their habits.">
</head><body><article>
<h1>Field notes on the quiet pangolin</h1>
<p>The pangolin is a scaly mammal that eats ants and termites. It rolls into a ball when threatened.</p>
<p>Researchers followed pangolins for a season and recorded where they slept, fed and travelled at night.</p>
<p>Protecting their habitat is the single most useful thing people can do for the species.</p>
</article></body></html>`

export interface ApiFixtureServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  /** `127.0.0.1:<port>`, for the service's test allowlist. */
  readonly host: string
  /** Bodies the webhook receiver got, in arrival order. */
  readonly hooks: Array<string>
  readonly close: () => Promise<void>
}

const handle = (hooks: Array<string>) => (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => {
    if (request.url === "/photo.png") {
      response.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png)
    } else if (request.url === "/article.html") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(article)
    } else if (request.url === "/hook" && request.method === "POST") {
      hooks.push(Buffer.concat(chunks).toString("utf8"))
      response.writeHead(200, { "content-type": "text/plain" }).end("ok")
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
    }
  })
}

export const start = async (): Promise<ApiFixtureServer> => {
  const hooks: Array<string> = []
  const server = createServer(handle(hooks))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    hooks,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
