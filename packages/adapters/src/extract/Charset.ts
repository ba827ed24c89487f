/**
 * Decodes body bytes with the HTML encoding rules in their usual order: a byte-order mark, then the charset of
 * the Content-Type header, then a `<meta charset>` / `http-equiv` / XML declaration in the first bytes, then UTF-8.
 */
import { TextDecoder } from "node:util"

/**
 * Windows-1252 meanings of 0x80–0x9F, which Latin-1 leaves as control characters (undefined bytes stay as they are).
 */
const windows1252High =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178"

/**
 * Node 20's decoder for "windows-1252" (also what "iso-8859-1" and "ascii" mean on the web) decodes as Latin-1,
 * turning curly quotes and dashes into control characters: map that range ourselves.
 */
const decodeWindows1252 = (bytes: Uint8Array): string =>
  Buffer.from(bytes).toString("latin1").replace(/[\x80-\x9F]/g, (c) => windows1252High[c.charCodeAt(0) - 0x80] ?? c)

const run = (decoder: TextDecoder, bytes: Uint8Array): string =>
  decoder.encoding === "windows-1252" ? decodeWindows1252(bytes) : decoder.decode(bytes)

const decoderFor = (label: string): TextDecoder | undefined => {
  try {
    return new TextDecoder(label)
  } catch {
    return undefined
  }
}

const fromBom = (bytes: Uint8Array): { readonly label: string; readonly skip: number } | undefined => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: "utf-8", skip: 3 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: "utf-16be", skip: 2 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: "utf-16le", skip: 2 }
  return undefined
}

const declaredInMarkup = (bytes: Uint8Array): string | undefined => {
  const start = Buffer.from(bytes.subarray(0, 2048)).toString("latin1")
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(start)
  // A meta that could be read as ASCII cannot be UTF-16: the HTML standard reads it as UTF-8.
  if (meta?.[1]) return /^utf-?16/i.test(meta[1]) ? "utf-8" : meta[1].toLowerCase()
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/i.exec(start)
  return xml?.[1]?.toLowerCase()
}

export const decode = (bytes: Uint8Array, declared: string | undefined, markup: boolean): string => {
  const bom = fromBom(bytes)
  if (bom) return new TextDecoder(bom.label).decode(bytes.subarray(bom.skip))
  const fromHeader = declared === undefined ? undefined : decoderFor(declared)
  const fromMarkup = fromHeader === undefined && markup ? declaredInMarkup(bytes) : undefined
  const decoder = fromHeader ?? (fromMarkup === undefined ? undefined : decoderFor(fromMarkup)) ?? new TextDecoder()
  return run(decoder, bytes)
}
