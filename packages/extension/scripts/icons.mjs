#!/usr/bin/env node
/**
 * Draws the extension's icon (a white bookmark ribbon on a rounded square of the accent colour) at the sizes the
 * manifest names, as PNG files in static/: generated here, from geometry, so nothing is downloaded and the icon
 * changes by editing this file. Deterministic: the same script writes the same bytes.
 * `node scripts/icons.mjs` rewrites them; `node scripts/icons.mjs --check` exits 1 when a file differs.
 */
import { readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { deflateSync } from "node:zlib"

export const sizes = [16, 32, 48, 128]
const accent = [0x0b, 0x57, 0xd0]
const white = [0xff, 0xff, 0xff]

/** How much of the unit square at (x, y) (0..1 coordinates) each shape covers: the background, then the ribbon. */
const inRoundedSquare = (x, y) => {
  const r = 0.2
  const cx = Math.min(Math.max(x, r), 1 - r)
  const cy = Math.min(Math.max(y, r), 1 - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}
const inRibbon = (x, y) => {
  const left = 0.3
  const right = 0.7
  const top = 0.2
  const bottom = 0.82
  const notch = 0.64
  if (x < left || x > right || y < top || y > bottom) return false
  // The V cut into the bottom edge: below the line from each corner up to the notch's tip in the middle.
  const tip = notch + (bottom - notch) * (Math.abs(x - 0.5) / 0.2)
  return y <= tip
}

/** RGBA pixels of the icon at `size`, 4×4 samples a pixel for smooth edges. */
const draw = (size) => {
  const pixels = Buffer.alloc(size * size * 4)
  const n = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0
      let fg = 0
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) / size
          const y = (py + (sy + 0.5) / n) / size
          if (inRoundedSquare(x, y)) {
            bg++
            if (inRibbon(x, y)) fg++
          }
        }
      }
      const alpha = bg / (n * n)
      const mix = bg === 0 ? 0 : fg / bg
      const i = (py * size + px) * 4
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(accent[c] * (1 - mix) + white[c] * mix)
      pixels[i + 3] = Math.round(alpha * 255)
    }
  }
  return pixels
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes) => {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG (8-bit RGBA, no interlace) of `size`×`size` pixels. */
export const png = (size) => {
  const pixels = draw(size)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0))
  ])
}

const staticDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "static")
export const fileOf = (size) => path.join(staticDir, `icon-${size}.png`)

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check")
  for (const size of sizes) {
    const bytes = png(size)
    if (!check) writeFileSync(fileOf(size), bytes)
    else if (!readFileSync(fileOf(size)).equals(bytes)) {
      console.error(`${fileOf(size)} differs from what scripts/icons.mjs draws; run it`)
      process.exitCode = 1
    }
  }
}
