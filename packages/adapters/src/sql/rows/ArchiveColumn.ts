/**
 * Hot path, hand-checked (docs/architecture.md): the `archive` jsonb column of a bookmarks row (migration 0080),
 * read as `Archive.Archive`; NULL is a bookmark never archived. Held to the schema by ArchiveColumn.test.ts.
 */
import type { Archive } from "@bookmark-library/domain"
import * as RowCheck from "./RowCheck.js"

const COLUMN = "archive"

const finite = (value: RowCheck.Row, field: string): number => {
  const v = value[field]
  if (typeof v === "number" && Number.isFinite(v)) return v
  throw new RowCheck.MalformedRow({ column: `${COLUMN}.${field}`, value: v })
}

const textOf = (value: RowCheck.Row, field: string): string => {
  const v = RowCheck.optionalText(value, field, COLUMN)
  if (v === undefined) throw new RowCheck.MalformedRow({ column: `${COLUMN}.${field}`, value: v })
  return v
}

const copyOf = (value: unknown): Archive.Copy | undefined => {
  if (value === undefined) return undefined
  const copy = RowCheck.object({ copy: value }, "copy")
  return {
    asset: textOf(copy, "asset"),
    takenAt: finite(copy, "takenAt"),
    bytes: finite(copy, "bytes"),
    contentType: textOf(copy, "contentType"),
    partial: textOf(copy, "partial"),
    ...capturedBy(copy)
  }
}

/** `browser` for a copy the person's browser uploaded; absent for the service's own (docs/preservation.md). */
const capturedBy = (copy: RowCheck.Row): Pick<Archive.Copy, "capturedBy"> => {
  const v = copy["capturedBy"]
  if (v === undefined) return {}
  if (v === "browser") return { capturedBy: v }
  throw new RowCheck.MalformedRow({ column: `${COLUMN}.capturedBy`, value: v })
}

/** The column's archive; undefined when NULL. */
export const read = (row: RowCheck.Row): Archive.Archive | undefined => {
  if (row[COLUMN] === null || row[COLUMN] === undefined) return undefined
  const value = RowCheck.object(row, COLUMN)
  const copy = copyOf(value["copy"])
  return { ...(copy === undefined ? {} : { copy }), problem: textOf(value, "problem") }
}

/** The column's value for an archive: JSON text, or NULL. */
export const write = (archive: Archive.Archive | undefined): string | null =>
  archive === undefined ? null : JSON.stringify(archive)
