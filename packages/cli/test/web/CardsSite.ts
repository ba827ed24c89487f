/**
 * A loopback site for the cards test: pages with an og:image, a twitter:image and a JSON-LD image (large JPEGs drawn
 * by sharp), declared and conventional icons (PNG, ICO), an image bookmark, and a page without any picture (the
 * placeholder). Counts what each path was asked for. Busy, noisy photos, the worst case for the 15 KB budget, are in
 * the adapter's own test.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import sharp from "sharp"
import { encode } from "sharp-ico"

/** A landscape-like picture: a sky gradient, a sun and two hills, as a large JPEG. */
const photo = (sky: string, ground: string, width = 1600, height = 1000) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff6e0"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/><circle cx="${width * 0.7}" cy="${height * 0.3}" r="${
    height * 0.12
  }" fill="#ffd54a"/>
<ellipse cx="${width * 0.25}" cy="${height}" rx="${width * 0.6}" ry="${height * 0.45}" fill="${ground}"/>
<ellipse cx="${width * 0.85}" cy="${height * 1.05}" rx="${width * 0.5}" ry="${
    height * 0.38
  }" fill="${ground}" opacity=".75"/></svg>`))
    .jpeg({ quality: 88 }).toBuffer()

const words =
  "Lake walking trails mountains alpine water hiking boots map compass summit ridge valley forest meadow camping tent"

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body><article><h1>${title}</h1>${body}</article></body></html>`

const paragraphs = (topic: string) =>
  Array.from({ length: 6 }, (_, i) => `<p>${topic} ${words} ${topic} paragraph ${i} tells more about ${topic}.</p>`)
    .join("")

export interface CardsSite {
  readonly origin: string
  readonly host: string
  readonly asked: Map<string, number>
  readonly close: () => Promise<void>
}

export const start = async (): Promise<CardsSite> => {
  const lake = await photo("#3b7dd8", "#2f7d4a")
  const bread = await photo("#e0a96d", "#8a5a2b")
  const camera = await photo("#6b6f7a", "#30343c", 1200, 1600)
  const iconPng = await sharp({ create: { width: 48, height: 48, channels: 4, background: "#c0392b" } }).png()
    .toBuffer()
  const iconIco = encode([
    await sharp({ create: { width: 32, height: 32, channels: 4, background: "#27ae60" } }).png()
      .toBuffer()
  ])
  const files: Record<string, readonly [string, Buffer | string]> = {
    "/lake.html": [
      "text/html; charset=utf-8",
      page(
        "A week on the alpine lakes",
        `<meta property="og:image" content="/pics/lake.jpg"><meta name="description" content="Seven days, six lakes and one very wet tent: a walking route through the high valleys."><link rel="icon" href="/icon.png" sizes="48x48">`,
        paragraphs("lake")
      )
    ],
    "/bread.html": [
      "text/html; charset=utf-8",
      page(
        "Sourdough without the fuss",
        `<meta name="twitter:image" content="/pics/bread.jpg"><meta name="description" content="A loaf a day with ten minutes of work.">`,
        paragraphs("bread")
      )
    ],
    "/camera.html": [
      "text/html; charset=utf-8",
      page(
        "Field camera review",
        `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Field camera review","image":{"@type":"ImageObject","url":"/pics/camera.jpg"}}</script>`,
        paragraphs("camera")
      )
    ],
    "/plain.html": ["text/html; charset=utf-8", page("Notes on plain text", "", paragraphs("text"))],
    "/pics/lake.jpg": ["image/jpeg", lake],
    "/pics/bread.jpg": ["image/jpeg", bread],
    "/pics/camera.jpg": ["image/jpeg", camera],
    "/photo.jpg": ["image/jpeg", lake],
    "/icon.png": ["image/png", iconPng],
    "/favicon.ico": ["image/x-icon", iconIco]
  }
  const asked = new Map<string, number>()
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/"
    asked.set(path, (asked.get(path) ?? 0) + 1)
    const file = files[path]
    if (file === undefined) return response.writeHead(404, { "content-type": "text/plain" }).end("not found")
    response.writeHead(200, { "content-type": file[0] }).end(file[1])
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    asked,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
