/**
 * Pocket's CSV export (`title,url,time_added,tags,status`, tags separated by `|`), also inside the zip Pocket
 * sends. Columns are found by their header names, so other CSVs with a `url` column read too. A record the CSV
 * parser cannot read (a stray quote) is a failed row; the rest still import.
 */
import type { ImportItem } from "@bookmark-library/domain"
import { parse } from "csv-parse/sync"
import { Result, Schema } from "effect"
import { unzipSync } from "fflate"
import * as Dates from "./Dates.js"

/** A record as the CSV parser gives it with `columns: true`: header name → cell. */
const Record = Schema.Record(Schema.String, Schema.String)

const cell = (record: typeof Record.Type, ...names: ReadonlyArray<string>) => {
  for (const name of names) {
    const value = record[name]
    if (value !== undefined) return value
  }
  return ""
}

const toCandidate = (record: typeof Record.Type): ImportItem.Candidate => ({
  kind: "link",
  url: cell(record, "url", "URL", "href").trim(),
  title: cell(record, "title", "Title"),
  description: cell(record, "excerpt", "description"),
  note: cell(record, "note", "notes"),
  tags: cell(record, "tags", "Tags").split(/[|,]/).map((t) => t.trim()).filter((t) => t !== ""),
  createdAt: Dates.fromText(cell(record, "time_added", "created", "created_at", "date_added"))
})

interface Parsed {
  readonly record: unknown
  readonly info: { readonly lines: number }
}

export const read = (text: string): ReadonlyArray<ImportItem.Row> => {
  const skipped: Array<ImportItem.Row> = []
  const parsed: ReadonlyArray<Parsed> = parse(text, {
    columns: (header: ReadonlyArray<string>) => header.map((h) => h.trim().toLowerCase()),
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      skipped.push({
        position: `line ${error?.lines ?? "?"}`,
        candidate: Result.fail(`unreadable CSV record: ${error?.message ?? "parse error"}`)
      })
      return undefined
    }
  })
  const rows = parsed.map((p): ImportItem.Row & { readonly line: number } => ({
    line: p.info.lines,
    position: `line ${p.info.lines}`,
    candidate: Result.map(
      Result.mapError(Schema.decodeUnknownResult(Record)(p.record), () => "record is not a row of text cells"),
      toCandidate
    )
  }))
  const line = (row: ImportItem.Row) => Number(row.position.slice(5)) || 0
  return [...rows, ...skipped].sort((a, b) => line(a) - line(b)).map(({ candidate, position }) => ({
    position,
    candidate
  }))
}

/** The CSV files inside a zip (Pocket's `part_000000.csv`, …), in name order, as text. */
export const unzipCsv = (bytes: Uint8Array): ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }> => {
  const files = unzipSync(bytes, { filter: (file) => file.name.toLowerCase().endsWith(".csv") })
  return Object.keys(files).sort().flatMap((name) => {
    const content = files[name]
    return content === undefined ? [] : [{ name, bytes: content }]
  })
}
