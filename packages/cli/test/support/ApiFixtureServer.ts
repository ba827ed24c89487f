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

/** A page strongly about two things, for generated tags. */
const lighthouses = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lighthouse keepers of the North Sea</title></head>
<body><article><h1>Lighthouse keepers of the North Sea</h1>
<p>Lighthouse keepers on the North Sea kept the lamps lit through every winter storm.</p>
<p>The lighthouse keepers logged the weather, the ships and the fog signals of the North Sea each night.</p>
<p>When the last lighthouse keepers left, automatic lamps took over the work along the North Sea coast.</p>
</article></body></html>`

/** A page with structure worth keeping as Markdown: headings, a list, a link, a table, code. */
const guide = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A field guide to burrows</title></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav><article>
<h1>A field guide to burrows</h1>
<p>Burrows are dug by many animals. This guide describes the <strong>three</strong> kinds met most often in the
field, with the signs that tell them apart. Read <a href="/guides/signs.html">the guide to signs</a> first.</p>
<h2>Kinds of burrow</h2>
<ul><li>Shallow scrapes, used for a night</li><li>Dens with one entrance</li><li>Warrens with many entrances</li></ul>
<table><thead><tr><th>Animal</th><th>Entrances</th></tr></thead>
<tbody><tr><td>Pangolin</td><td>one</td></tr><tr><td>Rabbit</td><td>many</td></tr></tbody></table>
<h2>Recording a burrow</h2>
<p>Write down the width of the entrance and the depth you can see, then the soil, the slope and any tracks.</p>
<pre><code>width: 20 cm
depth: 60 cm</code></pre>
<p>Field workers who record burrows the same way can compare their notes across seasons and across sites.</p>
</article></body></html>`

/** A tiny PDF: a PDF bookmark keeps the file itself as its archived copy, with or without a browser. */
export const paper = Buffer.from("%PDF-1.4\n% a paper about burrows\n%%EOF\n", "latin1")

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
    } else if (request.url === "/guide.html") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(guide)
    } else if (request.url === "/paper.pdf") {
      response.writeHead(200, { "content-type": "application/pdf", "content-length": paper.length }).end(paper)
    } else if (request.url === "/notes.txt") {
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" })
        .end("Plain notes about burrows.\n\nNo markup at all here.")
    } else if (request.url === "/lighthouses.html") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(lighthouses)
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
