/** Which format an import file is in, told by its content (docs/import-export.md, "Formats"). */
import { type ImportFormat, LibraryExport } from "@bookmark-library/domain"
import { isPocketZip } from "./OwnZipReader.js"
import { isZip } from "./ZipEntries.js"

/** The JSON formats by their top-level shape. */
export const jsonFormat = (value: unknown): ImportFormat.ImportFormat | undefined => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
  if ("format" in value && value.format === LibraryExport.formatName) return "json"
  if ("bookmarks" in value && Array.isArray(value.bookmarks)) return "karakeep"
  if ("collections" in value && Array.isArray(value.collections)) return "linkwarden"
  return undefined
}

const csvHeader = (text: string) =>
  (text.slice(0, text.indexOf("\n") < 0 ? undefined : text.indexOf("\n")))
    .split(",").map((h) => h.trim().replace(/^"|"$/g, "").toLowerCase())

/** The format of `bytes` (`text` is their reading as UTF-8), or none when it is none we know. */
export const detect = (bytes: Uint8Array, text: string): ImportFormat.ImportFormat | undefined => {
  // A zip (magic bytes): ours when its directory names bookmarks.json (or cannot be read: our reader says why),
  // else Pocket's zip of CSV files.
  if (isZip(bytes)) return isPocketZip(bytes) ? "pocket" : "zip"
  const start = text.trimStart()
  if (start.startsWith("{") || start.startsWith("[")) {
    try {
      return jsonFormat(JSON.parse(start))
    } catch {
      return undefined
    }
  }
  const head = start.slice(0, 4096)
  if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(head) || (/<dl[\s>]/i.test(text) && /<a\s[^>]*href/i.test(text))) {
    return "netscape"
  }
  if (csvHeader(start).includes("url")) return "pocket"
  return undefined
}
