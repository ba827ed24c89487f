/** The `/Title` of a PDF's document information dictionary, when it is written uncompressed (it usually is). */

const literal = /\/Title\s*\(((?:[^()\\]|\\[\s\S]|\((?:[^()\\]|\\[\s\S])*\))*)\)/
const hex = /\/Title\s*<([0-9A-Fa-f\s]*)>/

const unescapeLiteral = (raw: string): string =>
  raw.replace(
    /\\(?:([0-7]{1,3})|(\r\n|\r|\n)|([\s\S]))/g,
    (_, octal: string | undefined, newline: string | undefined, char: string | undefined) => {
      if (octal !== undefined) return String.fromCharCode(Number.parseInt(octal, 8) & 0xff)
      if (newline !== undefined) return ""
      switch (char) {
        case "n":
          return "\n"
        case "r":
          return "\r"
        case "t":
          return "\t"
        case "b":
          return "\b"
        case "f":
          return "\f"
        default:
          return char ?? ""
      }
    }
  )

/** PDF text strings are PDFDocEncoding (close enough to Latin-1) or UTF-16BE behind a byte-order mark. */
const decodeText = (bytes: string): string => {
  if (bytes.startsWith("\xFE\xFF")) {
    const units = Buffer.from(bytes.slice(2), "latin1")
    return new TextDecoder("utf-16be").decode(units)
  }
  if (bytes.startsWith("\xEF\xBB\xBF")) return Buffer.from(bytes.slice(3), "latin1").toString("utf8")
  return bytes
}

export const read = (body: Uint8Array | string): string => {
  const text = typeof body === "string" ? body : Buffer.from(body).toString("latin1")
  // The information dictionary sits near the end (or the start, in linearised files).
  const window = text.length > 262_144 ? text.slice(0, 65_536) + text.slice(-196_608) : text
  const fromLiteral = literal.exec(window)?.[1]
  if (fromLiteral !== undefined) return decodeText(unescapeLiteral(fromLiteral))
  const fromHex = hex.exec(window)?.[1]
  if (fromHex === undefined) return ""
  const digits = fromHex.replace(/\s/g, "")
  return decodeText(Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex").toString("latin1"))
}
