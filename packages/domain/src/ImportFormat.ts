/** The file formats an import reads (docs/import-export.md). Linkding, Raindrop and browsers export `netscape`. */
import { Schema } from "effect"

export const ImportFormat = Schema.Literals(["netscape", "pocket", "karakeep", "linkwarden", "json"])
export type ImportFormat = typeof ImportFormat.Type

export const all: ReadonlyArray<ImportFormat> = ImportFormat.literals

export const describe: Record<ImportFormat, string> = {
  netscape: "Netscape bookmark HTML (Chrome, Firefox, Safari, Edge, Linkding, Raindrop, Karakeep HTML)",
  pocket: "Pocket CSV export (or the zip it comes in)",
  karakeep: "Karakeep JSON export",
  linkwarden: "Linkwarden JSON export",
  json: "this service's own JSON export"
}

/** The largest import file accepted, in bytes. */
export const maxFileBytes = 64 * 1024 * 1024
