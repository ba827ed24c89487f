/**
 * Test support: a zip written byte by byte, so a test can make what no zip writer would (names that climb out of a
 * folder, an entry whose deflated data expands far beyond its size, a truncated file).
 */
import { crc32, deflateRawSync } from "node:zlib"

export interface Part {
  readonly name: string
  /** The entry's bytes; deflated unless `stored`. */
  readonly data?: Uint8Array
  readonly stored?: boolean
  /** Already deflated data and the size it expands to (the same data may serve many entries). */
  readonly deflated?: { readonly data: Uint8Array; readonly size: number; readonly crc: number }
}

const u16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff]
const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]

export const zipOf = (parts: ReadonlyArray<Part>): Uint8Array => {
  const chunks: Array<Uint8Array> = []
  const central: Array<Uint8Array> = []
  let offset = 0
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name)
    const raw = part.data ?? new Uint8Array(0)
    const method = part.deflated !== undefined || !part.stored ? 8 : 0
    const body = part.deflated?.data ?? (method === 8 ? new Uint8Array(deflateRawSync(raw)) : raw)
    const size = part.deflated?.size ?? raw.length
    const crc = part.deflated?.crc ?? crc32(raw)
    const common = [
      ...u16(20),
      ...u16(0x800),
      ...u16(method),
      ...u16(0),
      ...u16(0x21),
      ...u32(crc),
      ...u32(
        body.length
      ),
      ...u32(size),
      ...u16(name.length),
      ...u16(0)
    ]
    const local = new Uint8Array([...u32(0x04034b50), ...common])
    chunks.push(local, name, body)
    central.push(
      new Uint8Array([
        ...u32(0x02014b50),
        ...u16(20),
        ...common,
        ...u16(0),
        ...u16(0),
        ...u16(0),
        ...u32(0),
        ...u32(
          offset
        )
      ]),
      name
    )
    offset += local.length + name.length + body.length
  }
  const directorySize = central.reduce((n, c) => n + c.length, 0)
  const end = new Uint8Array([
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(parts.length),
    ...u16(parts.length),
    ...u32(directorySize),
    ...u32(offset),
    ...u16(0)
  ])
  return new Uint8Array(Buffer.concat([...chunks, ...central, end]))
}

/** `size` zero bytes deflated, to be shared by many entries of a zip bomb. */
export const deflatedZeros = (size: number) => {
  const zeros = Buffer.alloc(size)
  return { data: new Uint8Array(deflateRawSync(zeros, { level: 9 })), size, crc: crc32(zeros) }
}
