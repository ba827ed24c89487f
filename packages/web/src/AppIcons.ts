/**
 * The installable app's PNG icons (192 and 512 px), drawn at start from the same shape as the SVG icon: a blue
 * rounded square with a white bookmark. A few lines of rasterising and a zlib-compressed PNG, no image library.
 */
import { deflateSync } from "node:zlib"

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array) => {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** RGBA pixels → PNG bytes. */
const png = (size: number, pixel: (x: number, y: number) => readonly [number, number, number, number]) => {
  const raw = new Uint8Array(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4)
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, size)
  view.setUint32(4, size)
  header.set([8, 6, 0, 0, 0], 8)
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array())
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const blue = [0x2f, 0x5f, 0xd0, 255] as const
const white = [255, 255, 255, 255] as const
const clear = [0, 0, 0, 0] as const

/**
 * The icon in a 32-unit square: rounded corners of 7 (or none, for a maskable icon), the bookmark M10 7h12v18l-6-4-6
 * 4z.
 */
export const icon = (size: number, maskable = false) =>
  png(size, (px, py) => {
    const x = ((px + 0.5) / size) * 32
    const y = ((py + 0.5) / size) * 32
    const r = maskable ? 0 : 7
    const cx = Math.min(Math.max(x, r), 32 - r)
    const cy = Math.min(Math.max(y, r), 32 - r)
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return clear
    // A maskable icon keeps its shape inside the central safe circle (80 %): drawn at 70 % around the centre.
    const s = maskable ? 0.7 : 1
    const bx = (x - 16) / s + 16
    const by = (y - 16) / s + 16
    const inBookmark = bx >= 10 && bx <= 22 && by >= 7 && by <= 25 && by <= 25 - (4 / 6) * (6 - Math.abs(bx - 16))
    return inBookmark ? white : blue
  })
