/**
 * A zip read with bounds (docs/import-export.md, "Importing the zip"): its central directory parsed from the bytes
 * (names, methods, sizes, where each entry's data starts), and an entry expanded with fflate's streaming `Inflate`,
 * a slice at a time, stopping as soon as it passes a cap. The sizes the zip declares are never trusted for memory:
 * the bytes that come out are counted. Zip64, encryption and methods other than stored and deflate are refused.
 */
import { Inflate } from "fflate"
import { TextDecoder } from "node:util"

export interface Entry {
  readonly name: string
  readonly method: number
  readonly compressedSize: number
  readonly size: number
  /** Where the entry's local header starts. */
  readonly offset: number
  readonly encrypted: boolean
}

/** What became of an entry expanded with a cap. */
export type Expanded =
  | { readonly _tag: "Bytes"; readonly bytes: Uint8Array; readonly size: number }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Damaged"; readonly reason: string }

/** Little-endian numbers; a read past the end gives 0 (the checks that follow then find the zip damaged). */
const byte = (b: Uint8Array, at: number) => b[at] ?? 0
const u16 = (b: Uint8Array, at: number) => byte(b, at) | (byte(b, at + 1) << 8)
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0

const names = new TextDecoder("utf-8")

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/** The entries of the zip, from its central directory, or why it has none that can be read. */
export const entries = (bytes: Uint8Array, maxEntries: number): { entries: Array<Entry> } | { problem: string } => {
  const damaged = { problem: "is not a readable zip file (truncated or damaged)" }
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) return damaged
  const count = u16(bytes, end + 10)
  const directorySize = u32(bytes, end + 12)
  const directoryAt = u32(bytes, end + 16)
  if (count === 0xffff || directoryAt === 0xffffffff) return { problem: "is a Zip64 file, which is not read" }
  if (count > maxEntries) return { problem: `holds more than ${maxEntries} files` }
  if (directoryAt + directorySize > end) return damaged
  const found: Array<Entry> = []
  let at = directoryAt
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(bytes, at) !== 0x02014b50) return damaged
    const nameLength = u16(bytes, at + 28)
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32)
    if (next > end) return damaged
    const entry: Entry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      offset: u32(bytes, at + 42),
      encrypted: (u16(bytes, at + 8) & 1) === 1
    }
    if (entry.offset + 30 > directoryAt) return damaged
    found.push(entry)
    at = next
  }
  return { entries: found }
}

/**
 * A name that could leave the folder it is unpacked into, or is no plain relative path: absolute, `..` or `.`
 * segments, backslashes, a drive letter, control characters. Such a zip is refused whole.
 */
export const unsafeName = (name: string): boolean =>
  name === "" || name.startsWith("/") || name.includes("\\") || /^[a-z]:/i.test(name) ||
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]/.test(name) || name.split("/").some((segment) => segment === ".." || segment === ".")

const slice = 16 * 1024

/**
 * The entry's bytes, expanded up to `max`: `TooLarge` as soon as more come out. With `keep` false the bytes are
 * only counted (`bytes` is then empty), so checking a whole zip holds one slice at a time.
 */
export const expand = (bytes: Uint8Array, entry: Entry, max: number, keep = true): Expanded => {
  if (entry.encrypted) return { _tag: "Damaged", reason: "is encrypted" }
  const header = entry.offset
  if (u32(bytes, header) !== 0x04034b50) return { _tag: "Damaged", reason: "is damaged (no local header)" }
  const start = header + 30 + u16(bytes, header + 26) + u16(bytes, header + 28)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (start + entry.compressedSize > bytes.length) return { _tag: "Damaged", reason: "is truncated" }
  if (entry.method === 0) {
    if (data.length > max) return { _tag: "TooLarge" }
    if (data.length !== entry.size) return { _tag: "Damaged", reason: "is damaged (its size is not as declared)" }
    return { _tag: "Bytes", bytes: keep ? data.slice() : new Uint8Array(0), size: data.length }
  }
  if (entry.method !== 8) return { _tag: "Damaged", reason: `uses compression method ${entry.method}, not read` }
  const parts: Array<Uint8Array> = []
  let size = 0
  let over = false
  let ended = false
  const inflate = new Inflate((chunk, final) => {
    size += chunk.length
    if (size > max) over = true
    else if (keep) parts.push(chunk)
    if (final) ended = true
  })
  try {
    for (let at = 0; at < data.length; at += slice) {
      inflate.push(data.subarray(at, at + slice), at + slice >= data.length)
      // `over` is set by the callback of the push above.
      if (over) break
    }
  } catch (error) {
    if (!over) {
      return { _tag: "Damaged", reason: `is damaged (${error instanceof Error ? error.message : "inflate failed"})` }
    }
  }
  if (over) return { _tag: "TooLarge" }
  if (!ended || size !== entry.size) return { _tag: "Damaged", reason: "is damaged (its size is not as declared)" }
  if (!keep) return { _tag: "Bytes", bytes: new Uint8Array(0), size }
  const out = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return { _tag: "Bytes", bytes: out, size }
}
