/** Test helper: a varied set of local pages (images, lazy images, web fonts, a JS-built page, an iframe) to archive. */
import * as fs from "node:fs"
import type * as http from "node:http"
import * as zlib from "node:zlib"
import * as LoopbackServer from "../render/LoopbackServer.js"

/**
 * A large photo-like PNG, stored without compression (megabytes): a smooth gradient a browser shows and WebP
 * shrinks to almost nothing, so downscaling alone brings a copy under its cap.
 */
export const photoPng = (width: number, height: number, blue = 128): Buffer => {
  const row = 1 + width * 3
  const raw = Buffer.alloc(row * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3
      raw[at] = (x * 255) / width
      raw[at + 1] = (y * 255) / height
      raw[at + 2] = blue
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, "latin1"), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 0 })),
    chunk("IEND", Buffer.alloc(0))
  ])
}

/** A BMP of `side`×`side` noise pixels: images the browser shows and no compression shrinks. */
export const noiseBmp = (side: number, seed = 1): Buffer => {
  const row = Math.ceil((side * 3) / 4) * 4
  const size = 54 + row * side
  const bmp = Buffer.alloc(size)
  bmp.write("BM", 0)
  bmp.writeUInt32LE(size, 2)
  bmp.writeUInt32LE(54, 10)
  bmp.writeUInt32LE(40, 14)
  bmp.writeInt32LE(side, 18)
  bmp.writeInt32LE(side, 22)
  bmp.writeUInt16LE(1, 26)
  bmp.writeUInt16LE(24, 28)
  bmp.writeUInt32LE(row * side, 34)
  let x = seed
  for (let i = 54; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    bmp[i] = x >> 16
  }
  return bmp
}

/** A solid-colour BMP (small, exact colour: the offline view can be checked pixel by pixel). */
export const solidBmp = (side: number, [r, g, b]: readonly [number, number, number]): Buffer => {
  const bmp = noiseBmp(side)
  const row = Math.ceil((side * 3) / 4) * 4
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = 54 + y * row + x * 3
      bmp[at] = b
      bmp[at + 1] = g
      bmp[at + 2] = r
    }
  }
  return bmp
}

const fontPath = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
].find((path) => fs.existsSync(path))

const bytes =
  (type: string, body: Buffer, headers: Record<string, string> = {}): LoopbackServer.Handler => (_q, res) => {
    res.writeHead(200, { "content-type": type, ...headers })
    res.end(body)
  }

const page = (title: string, body: string, head = "") =>
  LoopbackServer.html(
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}` +
      `<style>body{margin:0;font:16px sans-serif}</style></head><body>${body}</body></html>`
  )

/** Colours of the page set, for the offline checks. */
export const red = [220, 30, 30] as const
export const blue = [30, 60, 220] as const
export const green = [30, 160, 60] as const

/**
 * The pages by path. `otherOrigin` is a second allowed origin (cross-origin images without CORS headers);
 * `trapOrigin` an origin the policy refuses (a loopback canary); `private` an address in a private range.
 */
export const pages = (
  origins: { readonly other: string; readonly trap: string }
): Record<string, LoopbackServer.Handler> => ({
  "/red.bmp": bytes("image/bmp", solidBmp(64, red)),
  "/blue.bmp": bytes("image/bmp", solidBmp(64, blue)),
  "/green.bmp": bytes("image/bmp", solidBmp(64, green)),
  ...(fontPath === undefined ? {} : { "/font.ttf": bytes("font/ttf", fs.readFileSync(fontPath)) }),
  "/images": page(
    "Images",
    `<img id="plain" src="/red.bmp" width="64" height="64">
<img id="srcset" srcset="/blue.bmp 1x, /blue.bmp 2x" width="64" height="64">
<div id="background" style="width:64px;height:64px;background:url(/green.bmp)"></div>
<img id="cross" src="${origins.other}/red.bmp" width="64" height="64">`
  ),
  "/lazy": page(
    "Lazy",
    `<p>top</p><div style="height:4000px"></div><img id="lazy" loading="lazy" src="/blue.bmp" width="64" height="64">`
  ),
  "/fonts": page(
    "Fonts",
    `<p id="text" style="font-family:ArchiveTestFont;font-size:40px">Archived with its font</p>`,
    `<style>@font-face{font-family:ArchiveTestFont;src:url(/font.ttf) format("truetype")}</style>`
  ),
  "/js-built": page(
    "Loading…",
    `<main id="app">Loading…</main><script>
document.title = "Built by script";
const app = document.getElementById("app");
app.textContent = "";
for (const word of ["one", "two", "three"]) {
  const li = document.createElement("p"); li.className = "item"; li.textContent = "item " + word; app.append(li);
}
</script>`
  ),
  "/frame-inner": page("Inner", `<p id="inner">inside the frame</p><img src="/green.bmp" width="64" height="64">`),
  "/iframe": page("Frame", `<p>outer</p><iframe id="frame" src="/frame-inner" width="300" height="150"></iframe>`),
  "/refused": page(
    "Refused",
    `<img id="allowed" src="/red.bmp" width="64" height="64">
<img id="private" src="http://10.20.30.40/secret.bmp" width="64" height="64">
<img id="canary" src="${origins.trap}/canary.bmp" width="64" height="64">
<div style="width:64px;height:64px;background:url(${origins.trap}/canary-bg.bmp)"></div>`
  ),
  "/huge": page(
    "Huge",
    `<h1 id="headline">A page of large images</h1>${
      [1, 2, 3].map((n) => `<img src="/noise-${n}.bmp" width="400" height="400">`).join("")
    }`
  ),
  "/photos": page(
    "Photos",
    `<h1 id="headline">A page of large photos</h1>${
      [1, 2, 3].map((n) => `<img id="photo-${n}" src="/photo-${n}.png" width="560" height="400">`).join("")
    }`
  ),
  // Each under the copy's 1 MB per resource, together over it.
  "/photo-1.png": bytes("image/png", photoPng(560, 400, 40)),
  "/photo-2.png": bytes("image/png", photoPng(560, 400, 120)),
  "/photo-3.png": bytes("image/png", photoPng(560, 400, 200)),
  "/noise-1.bmp": bytes("image/bmp", noiseBmp(400, 1)),
  "/noise-2.bmp": bytes("image/bmp", noiseBmp(400, 2)),
  "/noise-3.bmp": bytes("image/bmp", noiseBmp(400, 3))
})

export const hasFont = fontPath !== undefined

export const router =
  (table: Record<string, LoopbackServer.Handler>): LoopbackServer.Handler =>
  (req: http.IncomingMessage, res: http.ServerResponse) => {
    const handler = table[new URL(req.url ?? "/", "http://x").pathname]
    if (handler === undefined) return LoopbackServer.html("not found", 404)(req, res)
    handler(req, res)
  }
