/** The whole-row writes of SqlBookmarks: a locked read, a rewrite of everything that may change, both together. */
import { type Bookmark, type BookmarkId, ContentHash } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import * as ArchiveColumn from "../rows/ArchiveColumn.js"
import { columns, toRecord } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import { effectiveColumns } from "./BookmarkColumns.js"

export const make = (sql: SqlClient.SqlClient) => {
  const first = RowCheck.first(toRecord)

  /** The full row, locked until the surrounding transaction ends; read as the hot reads read it (`BookmarkRow`). */
  const lockedRecord = (id: BookmarkId) =>
    Effect.flatMap(
      sql`SELECT ${sql.literal(columns)}, page_text, page_markdown FROM bookmarks WHERE id = ${id} FOR UPDATE`,
      first
    )

  /** Rewrites everything that may change after insertion, effective columns included. */
  const rewrite = (r: Bookmark.Record) => {
    const eff = effectiveColumns(r)
    return sql`
      UPDATE bookmarks SET
        status = ${r.status}, processing_error = ${r.processingError},
        title = ${r.derived.title}, description = ${r.derived.description}, type = ${eff.type},
        image = ${r.derived.image}, favicon = ${r.derived.favicon}, screenshot = ${r.derived.screenshot},
        summary = ${r.derived.summary}, derived_tags = ${JSON.stringify(r.derived.tags)}::jsonb,
        thumbnail = ${r.derived.thumbnail ?? ""}, icon = ${r.derived.icon ?? ""},
        overrides = ${JSON.stringify(r.overrides)}::jsonb, page_text = ${r.pageText},
        page_markdown = ${r.pageMarkdown ?? null},
        content_hash = ${ContentHash.of(r.pageText)},
        archive = ${ArchiveColumn.write(r.derived.archive)}::jsonb,
        effective_title = ${eff.title}, effective_description = ${eff.description}, effective_note = ${eff.note},
        effective_tags = ${eff.tags}::jsonb, tag_keys = ${eff.keys}::text[],
        favourite = ${r.favourite === true}, archived = ${r.archived === true}
      WHERE id = ${r.id}`
  }

  /** Reads, changes and rewrites one bookmark under its row lock; none when `change` declines. */
  const modify = (id: BookmarkId, change: (r: Bookmark.Record) => Option.Option<Bookmark.Record>) =>
    sql.withTransaction(Effect.gen(function*() {
      const updated = Option.flatMap(yield* lockedRecord(id), change)
      if (Option.isSome(updated)) yield* rewrite(updated.value)
      return updated
    }))

  return { lockedRecord, rewrite, modify }
}

/** The rewrite of one whole row, as the merge of duplicates writes the kept bookmark. */
export type Rewrite = ReturnType<typeof make>["rewrite"]
