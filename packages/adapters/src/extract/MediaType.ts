/** Content-type parsing and byte sniffing: decides which kind of item the fetched body is. */

export type Kind = "html" | "text" | "image" | "pdf" | "video" | "other"

export interface MediaType {
  /** Lowercase `type/subtype` without parameters; empty when the server sent none. */
  readonly essence: string
  /** Lowercase charset parameter, when declared. */
  readonly charset: string | undefined
}

export const parse = (contentType: string): MediaType => {
  const [head = "", ...params] = contentType.split(";")
  let charset: string | undefined
  for (const param of params) {
    const match = /^\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(param)
    if (match?.[1]) charset = match[1].toLowerCase()
  }
  return { essence: head.trim().toLowerCase(), charset }
}

/** The first bytes of the body as Latin-1 text: enough to recognise magic numbers and markup. */
export const head = (body: Uint8Array | string, size = 512): string =>
  typeof body === "string" ? body.slice(0, size) : Buffer.from(body.subarray(0, size)).toString("latin1")

const looksLikeHtml = (start: string): boolean =>
  /^(?:\uFEFF|\xEF\xBB\xBF)?\s*(?:<!--[\s\S]*?-->\s*)*(?:<\?xml[^>]*>\s*)?(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i
    .test(start)

const sniffBinary = (start: string): Kind | undefined => {
  if (start.startsWith("%PDF-")) return "pdf"
  if (
    start.startsWith("\x89PNG") || start.startsWith("\xFF\xD8\xFF") || start.startsWith("GIF8") ||
    (start.startsWith("RIFF") && start.slice(8, 12) === "WEBP") ||
    // Windows icons (`/favicon.ico` is often served without a type, or as octet-stream).
    start.startsWith("\x00\x00\x01\x00")
  ) return "image"
  if (start.slice(4, 8) === "ftyp" || start.startsWith("\x1A\x45\xDF\xA3")) return "video"
  return undefined
}

const unknownTypes = new Set([
  "",
  "application/octet-stream",
  "binary/octet-stream",
  "application/unknown",
  "unknown/unknown"
])
const htmlTypes = new Set(["text/html", "application/xhtml+xml"])
const markupTypes = new Set(["text/xml", "application/xml"])

/** Trusts the declared type, sniffing only where servers are known to be vague or wrong. */
export const kindOf = (type: MediaType, body: Uint8Array | string): Kind => {
  const { essence } = type
  if (htmlTypes.has(essence)) return "html"
  if (essence.startsWith("image/")) return "image"
  if (essence === "application/pdf" || essence === "application/x-pdf") return "pdf"
  if (essence.startsWith("video/")) return "video"
  const start = head(body)
  if (unknownTypes.has(essence)) return sniffBinary(start) ?? (looksLikeHtml(start) ? "html" : "other")
  if (essence === "text/plain" || markupTypes.has(essence)) {
    if (looksLikeHtml(start)) return "html"
    return essence === "text/plain" ? "text" : "other"
  }
  return "other"
}
