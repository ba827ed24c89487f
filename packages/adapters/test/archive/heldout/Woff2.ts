/**
 * Test helper: wraps a TrueType font in WOFF2 (brotli, every table with the null transform, which the format allows
 * for glyf and loca too), so the held-out pages can serve a real `.woff2` made from a font the machine has.
 */
import * as zlib from "node:zlib"

const base128 = (value: number): Buffer => {
  const bytes: Array<number> = []
  let rest = value
  do {
    bytes.unshift(rest & 0x7f)
    rest = Math.floor(rest / 128)
  } while (rest > 0)
  return Buffer.from(bytes.map((b, i) => (i < bytes.length - 1 ? b | 0x80 : b)))
}

export const fromTtf = (ttf: Buffer): Buffer => {
  const numTables = ttf.readUInt16BE(4)
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 12 + i * 16
    const tag = ttf.toString("latin1", at, at + 4)
    const offset = ttf.readUInt32BE(at + 8)
    const length = ttf.readUInt32BE(at + 12)
    return { tag, data: ttf.subarray(offset, offset + length) }
  }).sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
  const directory = Buffer.concat(tables.map(({ tag, data }) =>
    Buffer.concat([
      // Tag index 63: the tag follows in full. glyf and loca take transform version 3, the null transform.
      Buffer.from([63 | (tag === "glyf" || tag === "loca" ? 0xc0 : 0)]),
      Buffer.from(tag, "latin1"),
      base128(data.length)
    ])
  ))
  const compressed = zlib.brotliCompressSync(Buffer.concat(tables.map((t) => t.data)), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 }
  })
  const sfntSize = 12 + 16 * numTables + tables.reduce((sum, t) => sum + Math.ceil(t.data.length / 4) * 4, 0)
  const unpadded = 48 + directory.length + compressed.length
  const total = Math.ceil(unpadded / 4) * 4
  const header = Buffer.alloc(48)
  header.write("wOF2", 0, "latin1")
  header.writeUInt32BE(ttf.readUInt32BE(0), 4)
  header.writeUInt32BE(total, 8)
  header.writeUInt16BE(numTables, 12)
  header.writeUInt32BE(sfntSize, 16)
  header.writeUInt32BE(compressed.length, 20)
  header.writeUInt16BE(1, 24)
  return Buffer.concat([header, directory, compressed, Buffer.alloc(total - unpadded)])
}
