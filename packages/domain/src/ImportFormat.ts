/** The file formats an import reads (docs/import-export.md). Linkding, Raindrop and browsers export `netscape`. */
import { Schema } from "effect"

export const ImportFormat = Schema.Literals(["netscape", "pocket", "karakeep", "linkwarden", "json", "zip"])
export type ImportFormat = typeof ImportFormat.Type

export const all: ReadonlyArray<ImportFormat> = ImportFormat.literals

export const describe: Record<ImportFormat, string> = {
  netscape: "Netscape bookmark HTML (Chrome, Firefox, Safari, Edge, Linkding, Raindrop, Karakeep HTML)",
  pocket: "Pocket CSV export (or the zip it comes in)",
  karakeep: "Karakeep JSON export",
  linkwarden: "Linkwarden JSON export",
  json: "this service's own JSON export",
  zip: "this service's zip export (JSON with page copies)"
}

/** The largest import file accepted, in bytes. */
export const maxFileBytes = 64 * 1024 * 1024

/**
 * Bounds of reading a zip export (docs/import-export.md, "Importing the zip"): entries in it, bytes all its entries
 * expand to together (a zip bomb stops at this count), and bytes `bookmarks.json` may expand to. A copy also obeys
 * the copy cap (ARCHIVE_MAX_BYTES), checked when it is restored.
 */
export const zipMaxEntries = 65_535
export const zipMaxExpandedBytes = 512 * 1024 * 1024
export const zipMaxJsonBytes = 256 * 1024 * 1024
