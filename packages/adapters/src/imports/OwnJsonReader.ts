/** Our own JSON export read back: each bookmark restored exactly (LibraryExport.ts), under a new id. */
import { type ImportItem, LibraryExport } from "@bookmark-library/domain"
import { Result } from "effect"
import { row } from "./JsonRows.js"

const toRow = row(LibraryExport.ExportedBookmark, (b) => Result.succeed(LibraryExport.toCandidate(b)))

export const read = (file: { readonly bookmarks: ReadonlyArray<unknown> }): ReadonlyArray<ImportItem.Row> =>
  file.bookmarks.map((item, i) => toRow(`bookmarks[${i}]`, item))
