/** The set-based tag writes of SqlBookmarks: `retag` (one tag's page) and `editTags` (bulk actions). */
import { type Bookmark, type BookmarkId, type Bookmarks, TagEdits, Tags } from "@bookmark-library/domain"
import { Array as Arr, Effect } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import { storage } from "../clients/SqlFailure.js"
import { columns, toRecord } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import { effectiveColumns } from "./BookmarkColumns.js"

type Methods = Pick<Bookmarks["Service"], "retag" | "editTags">

const all = RowCheck.all(toRecord)

export const make = (sql: SqlClient.SqlClient): Methods => ({
  // Every bookmark whose effective tags carry one of the keys (the GIN index on tag_keys), locked, edited in code
  // by the domain's rule, written back 500 rows a statement; one transaction.
  retag: Effect.fn("SqlBookmarks.retag")(function*(accountId, edit) {
    const keys = [...new Set(edit.from.map(Tags.tagKey))]
    return yield* storage(sql.withTransaction(Effect.gen(function*() {
      const records = yield* all(
        yield* sql`
          SELECT ${sql.literal(columns)}, '' AS page_text FROM bookmarks
          WHERE account_id = ${accountId} AND tag_keys && ${keys}::text[]
          ORDER BY created_at FOR UPDATE`
      )
      for (const chunk of Arr.chunksOf(records.map((r) => TagEdits.applyToRecord(r, edit)), 500)) {
        const eff = chunk.map(effectiveColumns)
        yield* sql`
          UPDATE bookmarks b SET
            caller_tags = v.caller::jsonb, derived_tags = v.derived::jsonb, overrides = v.overrides::jsonb,
            effective_tags = v.tags::jsonb, tag_keys = ARRAY(SELECT jsonb_array_elements_text(v.keys::jsonb))
          FROM unnest(
            ${chunk.map((r) => r.id)}::text[], ${chunk.map((r) => JSON.stringify(r.callerTags))}::text[],
            ${chunk.map((r) => JSON.stringify(r.derived.tags))}::text[],
            ${chunk.map((r) => JSON.stringify(r.overrides))}::text[], ${eff.map((e) => e.tags)}::text[],
            ${eff.map((e) => JSON.stringify(e.keys))}::text[]
          ) AS v(id, caller, derived, overrides, tags, keys)
          WHERE b.id = v.id`
      }
      return records.length
    })))
  }),

  editTags: Effect.fn("SqlBookmarks.editTags")(function*(accountId, ids, change) {
    if (ids.length === 0) return { found: [], full: [] }
    return yield* storage(sql.withTransaction(Effect.gen(function*() {
      const records = yield* all(
        yield* sql`
          SELECT ${sql.literal(columns)}, '' AS page_text FROM bookmarks
          WHERE account_id = ${accountId} AND id = ANY(${[...new Set(ids)]}::text[])
          ORDER BY created_at FOR UPDATE`
      )
      const full: Array<BookmarkId> = []
      const changed: Array<Bookmark.Record> = []
      for (const r of records) {
        const next = TagEdits.applyChange(r, change)
        if (next === "full") full.push(r.id)
        else if (next !== "same") changed.push(next)
      }
      // Only the overrides change: the tag columns are written as `retag` writes them, the rest of the row kept.
      for (const chunk of Arr.chunksOf(changed, 500)) {
        const eff = chunk.map(effectiveColumns)
        yield* sql`
          UPDATE bookmarks b SET
            overrides = v.overrides::jsonb, effective_tags = v.tags::jsonb,
            tag_keys = ARRAY(SELECT jsonb_array_elements_text(v.keys::jsonb))
          FROM unnest(
            ${chunk.map((r) => r.id)}::text[], ${chunk.map((r) => JSON.stringify(r.overrides))}::text[],
            ${eff.map((e) => e.tags)}::text[], ${eff.map((e) => JSON.stringify(e.keys))}::text[]
          ) AS v(id, overrides, tags, keys)
          WHERE b.id = v.id`
      }
      return { found: records.map((r) => r.id), full }
    })))
  })
})
