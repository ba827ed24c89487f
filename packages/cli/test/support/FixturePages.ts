/**
 * The pages the enrichment end-to-end tests save: each route with what a reader should see once it is `ready`.
 * Served by FixtureServer on loopback; `routes(trapPort)` also builds the pages that point at the SSRF trap.
 */
import type * as http from "node:http"
import * as zlib from "node:zlib"
import { html, redirect, respond, type Route } from "./FixtureServer.js"

/** Names only the test resolver knows: DNS answers pointing inside this machine (see EnrichmentService). */
export const internalNames = {
  v4: "intranet.fixture.test",
  v6: "intranet6.fixture.test",
  mixed: "dual.fixture.test"
} as const

/** Names the test resolver fails on, without asking any DNS server: one does not exist, one meets a resolver outage. */
export const failingNames = {
  missing: "no-such-host.fixture.test",
  flaky: "resolver-down.fixture.test"
} as const

/** A word that appears only in the article's body: not in its title, description or URL. */
export const bodyOnlyWord = "quillbramble"

export const article = {
  path: "/articles/last-keepers",
  title: "The Last Lighthouse Keepers of the North Sea",
  description: "How the keepers lived, worked and finally left the towers along the coast.",
  image: "/media/longstone.jpg",
  icon: "/static/icon-192.png",
  paragraphs: [
    "For more than two centuries, lighthouse keepers guarded the rocky coasts of the North Sea through storms and long winter nights. Each keeper trimmed the lamp wicks, polished the great lenses and recorded the weather in a logbook every four hours.",
    "The keepers lived in small stone cottages beside the tower, often with their families, far from the nearest village. Supplies arrived by boat once a fortnight, and when the sea was rough the lighthouse keepers waited for weeks without fresh food.",
    "Automation arrived slowly during the twentieth century. Engineers fitted electric lamps, fog signals and remote monitoring, and one by one the towers lost their keepers.",
    "The last keepers left the Longstone lighthouse in 1990, ending a tradition that had lasted for many generations. Their departure was reported in newspapers across the country.",
    "Today volunteers open several towers to visitors, who climb the spiral stairs to see the lens room and the view across the water. Many visitors say the silence at the top of the tower is what they remember most.",
    `Historians collect the logbooks, letters and photographs that the keepers left behind. One retired keeper still fills a small ${bodyOnlyWord} notebook with every ship he saw pass the light.`,
    "The logbooks describe shipwrecks, daring rescues and the quiet routine of a life spent watching the sea. They show how much the keepers knew about tides, winds and the habits of passing ships.",
    "The lighthouse remains a symbol of vigilance, and the stories of its keepers remind us how much patient work once went into keeping sailors safe."
  ]
} as const

const articlePage = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Lighthouse keepers | Harbour Times</title>
<meta property="og:title" content="${article.title}">
<meta property="og:description" content="${article.description}">
<meta property="og:type" content="article">
<meta property="og:image" content="${article.image}">
<meta name="description" content="A shorter description that og:description outranks.">
<link rel="icon" href="/static/icon-32.png" sizes="32x32">
<link rel="icon" href="${article.icon}" sizes="192x192">
</head><body>
<header><nav><a href="/">Home</a> <a href="/archive">Archive</a></nav></header>
<main><article>
<h1>${article.title}</h1>
${article.paragraphs.map((p) => `<p>${p}</p>`).join("\n")}
</article></main>
<footer><p>Harbour Times</p></footer>
</body></html>`

export const plain = {
  path: "/shop",
  title: "Plain Corner Shop",
  description: "Opening hours and directions for the corner shop on Mill Lane.",
  paragraphs: ["Open daily from nine in the morning until five in the evening, closed on public holidays."]
} as const

const plainPage = `<!doctype html><html><head><title>${plain.title}</title>
<meta name="description" content="${plain.description}"></head>
<body>${plain.paragraphs.map((p) => `<p>${p}</p>`).join("")}</body></html>`

export const image = { path: "/photos/harbour.png", title: "harbour.png" } as const
/** A valid 1×1 PNG. */
const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64"
)

export const pdf = { path: "/files/tides-report.pdf", title: "Quarterly Report on Harbour Tides" } as const
const pdfBytes = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
    `3 0 obj << /Title (${pdf.title}) /Author (Fixture) >> endobj`,
    "trailer << /Root 1 0 R /Info 3 0 R >>",
    "%%EOF",
    ""
  ].join("\n"),
  "latin1"
)

/** Three hops (302, 301, 307) to a page whose relative references resolve against the final URL. */
export const redirectChain = {
  path: "/hop/1",
  finalPath: "/landing/page",
  title: "Landing After Three Hops",
  description: "The page at the end of a chain of three redirects.",
  icon: "/landing/icon.png",
  image: "/img/cover.png"
} as const

const landingPage = `<!doctype html><html><head><title>${redirectChain.title}</title>
<meta name="description" content="${redirectChain.description}">
<meta property="og:image" content="../img/cover.png">
<link rel="icon" href="icon.png"></head>
<body><p>You followed three redirects to reach this landing page, and it is glad to see you.</p></body></html>`

/** Headers never come (until the client gives up): longer than any fetch timeout the tests configure. */
export const slow = { path: "/slow" } as const
const slowRoute: Route = (_req, res) => {
  const timer = setTimeout(
    () => res.writeHead(200, { "content-type": "text/html" }).end("<title>Too late</title>"),
    120_000
  )
  res.on("close", () => clearTimeout(timer))
}

/** One endless response: who asked for it, how many bytes went out, and whether the client hung up. */
export interface EndlessResponse {
  /** Chromium sends Sec-Fetch-* headers; the service's fetcher does not (both may carry the bot's User-Agent). */
  readonly browser: boolean
  bytes: number
  closed: boolean
}

export const endless = { path: "/endless", title: "Endless Stream" } as const
/** Every response the endless route has started, in order. */
export const endlessResponses: Array<EndlessResponse> = []

const endlessChunk = `<p>${"The stream goes on and on without an end in sight. ".repeat(300)}</p>\n`

/** Streams paragraphs forever, about 1.5 MB/s, honouring backpressure, until the client goes away. */
const endlessRoute: Route = (req, res) => {
  const record: EndlessResponse = { browser: req.headers["sec-fetch-mode"] !== undefined, bytes: 0, closed: false }
  endlessResponses.push(record)
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
  res.write(`<!doctype html><html><head><title>${endless.title}</title></head><body>\n`)
  let waiting = false
  const timer = setInterval(() => {
    if (waiting || res.destroyed) return
    record.bytes += Buffer.byteLength(endlessChunk)
    if (!res.write(endlessChunk)) {
      waiting = true
      res.once("drain", () => {
        waiting = false
      })
    }
  }, 10)
  res.on("close", () => {
    record.closed = true
    clearInterval(timer)
  })
}

/** No `<title>`, no `h1`, no metadata: only a script names the page. */
export const jsTitle = {
  path: "/scripted",
  title: "Title Set By Script",
  paragraphs: [
    "This page has no title in its markup at all, only a short script that names it once the page has loaded in a browser.",
    "A fetcher that reads the static markup sees an untitled page, while a real browser shows the name in its tab."
  ]
} as const

const jsTitlePage = `<!doctype html><html><head><meta charset="utf-8"></head><body>
${jsTitle.paragraphs.map((p) => `<p>${p}</p>`).join("\n")}
<script>document.title = ${JSON.stringify(jsTitle.title)}</script>
</body></html>`

/**
 * An application page: its static HTML is a shell that says "Loading…", and a script builds the article in the
 * browser. Only the rendered document has the words a reader sees.
 */
export const jsBuilt = {
  path: "/app/tides",
  title: "Tide Almanac",
  /** A word only the script writes. */
  renderedWord: "quellport",
  paragraphs: [
    "Spring tides bring the highest waters of the month to the harbour of Quellport, twice in every lunar cycle.",
    "Neap tides follow a week after each spring tide, when the harbour water rises and falls the least.",
    "The harbour master publishes the tide almanac every winter, and the fishing crews study the almanac before each voyage."
  ]
} as const

const jsBuiltPage = `<!doctype html><html><head><meta charset="utf-8"><title>${jsBuilt.title}</title></head><body>
<div id="root">Loading…</div>
<script>
document.getElementById("root").innerHTML = ${JSON.stringify(jsBuilt.paragraphs.map((p) => `<p>${p}</p>`).join(""))}
</script></body></html>`

/** A Cloudflare-style interstitial: its title and text describe the wall, not the page behind it. */
export const challenge = { path: "/protected", wallTitle: "Just a moment..." } as const
const challengePage = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"><meta name="robots" content="noindex,nofollow">
<link rel="icon" href="/protected/icon.png"></head>
<body><div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">127.0.0.1</h1>
<h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2>
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<p>127.0.0.1 needs to review the security of your connection before proceeding.</p>
</div></div>
<script>(function(){window._cf_chl_opt={cvId: '2',cZone: "127.0.0.1",cType: 'managed'};})();</script>
</body></html>`

/** A small gzip body that inflates to 32 MB: the size cap must count decoded bytes, not the bytes on the wire. */
export const gzipBomb = {
  path: "/compressed",
  title: "Compressed Page",
  sentence: "This page arrives compressed and grows to many megabytes once it is inflated.",
  inflatedBytes: 32 * 1024 * 1024
} as const
const gzipBombRoute: Route = (() => {
  let body: Buffer | undefined
  const head = `<!doctype html><html><head><title>${gzipBomb.title}</title></head><body><p>${gzipBomb.sentence}</p>`
  return (_req, res) => {
    body ??= zlib.gzipSync(Buffer.concat([Buffer.from(head), Buffer.alloc(gzipBomb.inflatedBytes, " ")]))
    res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip", "content-length": body.length }).end(
      body
    )
  }
})()

/** A page in windows-1252, declared only in the Content-Type header. */
export const latin1 = { path: "/cafe", title: "Café crème à la carte" } as const
const latin1Page = Buffer.from(
  `<!doctype html><html><head><title>${latin1.title}</title></head><body><p>Déjà vu at the café.</p></body></html>`,
  "latin1"
)

/** Redirects to itself, past the limit of 5 hops. */
export const redirectLoop = { path: "/loop" } as const

export const missing = { path: "/gone" } as const

/** A page of known height: margin 0 and a 2000 px block, so the full-page screenshot is exactly 2000 px tall. */
export const tall = { path: "/tall", title: "Tall Fixture Page", height: 2000 } as const
const tallPage = `<!doctype html><html><head><title>${tall.title}</title>
<style>html, body { margin: 0; padding: 0; } .block { height: ${tall.height}px; background: linear-gradient(#c33, #33c); }</style>
</head><body><div class="block"></div></body></html>`

/** An allowlisted page that redirects to the trap: the hop must be re-checked and refused. */
export const toTrap = { path: "/away" } as const

/** An allowlisted page whose subresources (image, iframe, stylesheet, fetch, WebSocket) all point at the trap. */
export const trapSubresources = { path: "/subresources", title: "Page With Hostile Subresources" } as const
const trapSubresourcesPage = (trapPort: number) =>
  `<!doctype html><html><head><title>${trapSubresources.title}</title>
<link rel="stylesheet" href="http://0x7f000001:${trapPort}/style.css"></head><body>
<p>This page asks the browser to load things from a private address, which the address policy must refuse every time.</p>
<img src="http://127.0.0.1:${trapPort}/pixel.png" alt="">
<img src="http://[::1]:${trapPort}/pixel6.png" alt="">
<iframe src="http://localhost:${trapPort}/frame"></iframe>
<iframe src="http://${internalNames.v4}:${trapPort}/frame"></iframe>
<script>
fetch("http://127.0.0.1:${trapPort}/api").catch(() => {});
try { new WebSocket("ws://127.0.0.1:${trapPort}/socket") } catch (e) {}
navigator.sendBeacon && navigator.sendBeacon("http://127.0.0.1:${trapPort}/beacon", "x");
</script></body></html>`

/** An allowlisted page that redirects to a `file:` URL: only http(s) may be followed. */
export const toFile = { path: "/to-file" } as const

/**
 * Cloaking: the service's fetcher gets an ordinary page, the browser (Sec-Fetch-* headers) a 302 to the trap, so
 * only the browser's own checks stand between the page and the trap.
 */
export const cloakedRedirect = { path: "/cloaked", title: "An Ordinary Page" } as const
const cloakedRoute = (trapPort: number): Route => (req, res) =>
  req.headers["sec-fetch-mode"] === undefined
    ? html(
      `<!doctype html><title>${cloakedRedirect.title}</title><p>Nothing to see here, just an ordinary page of text.</p>`
    )(req, res)
    : redirect(`http://127.0.0.1:${trapPort}/cloaked`, 302)(req, res)

/** A page that navigates itself to the trap with a script as soon as it loads. */
export const scriptedNavigation = { path: "/navigate", title: "A Page That Moves On" } as const
const scriptedNavigationPage = (trapPort: number) =>
  `<!doctype html><html><head><title>${scriptedNavigation.title}</title></head>
<body><p>This page sends the browser somewhere else as soon as it has loaded its first paragraph.</p>
<script>location.href = "http://[::1]:${trapPort}/moved"</script></body></html>`

/** Generic pages for throughput measurements: `/bulk/<n>`. */
export const bulkPage = (n: number) =>
  `<!doctype html><html><head><title>Bulk page ${n}</title>
<meta name="description" content="Fixture page number ${n} for measuring enrichment throughput."></head><body>
<article><h1>Bulk page ${n}</h1>
<p>Page ${n} tells a short story about a harbour town where fishing boats return every evening with their catch.</p>
<p>The market opens early, and traders sell fish, bread and vegetables to the people who live along the quay.</p>
<p>Visitors walk along the harbour wall in the afternoon and watch the boats come home as the light fades.</p>
</article></body></html>`

const bulkRoute: Route = (req: http.IncomingMessage, res) => {
  const n = Number((req.url ?? "").split("/")[2] ?? "0")
  html(bulkPage(n))(req, res)
}

/** Every route; `selfPort` is the fixture server's own port (for absolute redirects), `trapPort` the trap's. */
export const routes = (
  { selfPort, trapPort }: { readonly selfPort: number; readonly trapPort: number }
): Record<string, Route> => ({
  [article.path]: html(articlePage),
  [plain.path]: html(plainPage),
  [image.path]: respond("image/png", pngBytes),
  [pdf.path]: respond("application/pdf", pdfBytes),
  "/hop/1": redirect("/hop/2", 302),
  "/hop/2": redirect(`http://127.0.0.1:${selfPort}/hop/3`, 301),
  "/hop/3": redirect(redirectChain.finalPath, 307),
  [redirectChain.finalPath]: html(landingPage),
  [slow.path]: slowRoute,
  [endless.path]: endlessRoute,
  [jsTitle.path]: html(jsTitlePage),
  [jsBuilt.path]: html(jsBuiltPage),
  [challenge.path]: html(challengePage),
  [tall.path]: html(tallPage),
  [gzipBomb.path]: gzipBombRoute,
  [latin1.path]: respond("text/html; charset=windows-1252", latin1Page),
  [redirectLoop.path]: redirect(redirectLoop.path, 302),
  [missing.path]: html("<!doctype html><title>Not Found</title><h1>Not Found</h1>", 404),
  [toTrap.path]: redirect(`http://127.0.0.1:${trapPort}/internal`, 302),
  [trapSubresources.path]: html(trapSubresourcesPage(trapPort)),
  [toFile.path]: redirect("file:///etc/passwd", 302),
  [cloakedRedirect.path]: cloakedRoute(trapPort),
  [scriptedNavigation.path]: html(scriptedNavigationPage(trapPort)),
  ...Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`/bulk/${n}`, bulkRoute]))
})

/** What a reader of the page sees as text: its paragraphs, whitespace collapsed. */
export const visibleText = (paragraphs: ReadonlyArray<string>) => paragraphs.join(" ").replace(/\s+/g, " ").trim()
