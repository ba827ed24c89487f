/**
 * A loopback site for the reader test: a long article with headings, a quote, a list, code, a table, a photo and
 * a figure caption, and every payload of the XSS corpus written into its content; a second, short page. Counts
 * what each path was asked for, and who asked (the renderer at enrichment; never the person's browser).
 */
import { XssCorpus } from "@bookmark-library/testkit"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import sharp from "sharp"

const harbour = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4b183"/><stop offset="1" stop-color="#fbe7d0"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/><circle cx="820" cy="260" r="80" fill="#ffe08a"/>
<rect y="430" width="1200" height="270" fill="#3d6f93"/><path d="M180 430 l90 -150 l90 150z" fill="#fff"/>
<rect x="170" y="430" width="200" height="40" fill="#7a4a2a"/></svg>`)).png().toBuffer()

const prose = [
  "The harbour wakes before the town does. At half past five the first boats slip their moorings, engines low, and the gulls follow them out past the breakwater as if they had been invited.",
  "Nobody who lives here calls it beautiful. It is a place of work: nets, ropes, crates of ice, the smell of diesel and salt, the radio on the quay announcing the wind in a voice that has not changed in thirty years.",
  "And yet visitors come, every summer, to sit on the wall with a coffee and watch. What they see is the rhythm of a place that still does what it was built for."
]

export const title = "Morning at the harbour"

const article = (payloads: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title} · Coast Notes</title><meta name="description" content="How a working harbour starts its day.">
<meta property="og:type" content="article"></head>
<body><header><nav><a href="/">Coast Notes</a> <a href="/about">About</a></nav></header>
<main><article><h1>${title}</h1>
<p>${prose[0]}</p>
<figure><img src="/pics/harbour.png" alt="Boats leaving the harbour at dawn" width="1200" height="700">
<figcaption>The first boats leave at half past five.</figcaption></figure>
<p>${prose[1]} See <a href="/tides">the tide tables</a> and <a href="https://example.com/boats">a list of boats</a>.</p>
<h2>The quay</h2>
<p>${prose[2]}</p>
<blockquote><p>You can tell the weather by the way the old men stand.</p></blockquote>
<ul><li>Crates of ice at five</li><li>Nets mended by seven</li><li>The café opens at eight</li></ul>
<p>The harbour master keeps a log, one line a boat: <code>SKIPPER, BOAT, OUT 05:32</code>.</p>
<pre><code>05:32  Mary Ann     out
05:40  Kestrel      out
06:15  Northern Star back (engine)</code></pre>
<table><thead><tr><th>Boat</th><th>Catch</th></tr></thead><tbody><tr><td>Mary Ann</td><td>Mackerel</td></tr><tr><td>Kestrel</td><td>Crab</td></tr></tbody></table>
<h2>Things that should not run</h2>
${payloads}
${prose.map((p) => `<p>${p}</p>`).join("\n")}
<p>By noon the boats are back, the fish sold, the quay hosed down. The town is awake now, and none the wiser.</p>
</article></main><footer><p>© Coast Notes</p></footer></body></html>`

export interface ReadingSite {
  readonly origin: string
  readonly host: string
  readonly asked: Map<string, number>
  readonly close: () => Promise<void>
}

export const start = async (): Promise<ReadingSite> => {
  const png = await harbour()
  const payloads = XssCorpus.payloads.map(([family, html]) => `<p>${family}: ${html}</p>`).join("\n")
  const asked = new Map<string, number>()
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/"
    asked.set(path, (asked.get(path) ?? 0) + 1)
    if (path === "/story.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end(article(payloads))
    } else if (path === "/pics/harbour.png") {
      res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" })
      res.end(png)
    } else {
      res.writeHead(404, { "content-type": "text/plain" })
      res.end("not found")
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
