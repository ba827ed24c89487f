/**
 * Highlights in SQL: one row per marked passage, gone with its bookmark; pages by `(created_at, id)` newest first,
 * ids compared in code-unit order (`COLLATE "C"`) as `Highlight.newestFirst` compares them.
 */
import {
  AccountId,
  BookmarkId,
  type BookmarkId as BookmarkIdType,
  Highlight,
  HighlightId,
  Highlights,
  Tags
} from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const HighlightRow = Row({
  id: HighlightId,
  bookmarkId: BookmarkId,
  accountId: AccountId,
  colour: Highlight.Colour,
  note: Schema.String,
  exact: Schema.String,
  prefix: Schema.String,
  suffix: Schema.String,
  startOffset: Int8,
  endOffset: Int8,
  createdAt: Int8,
  updatedAt: Int8
})
const CountRow = Row({ bookmarkId: BookmarkId, n: Int8 })
const IdRow = Row({ id: Schema.String })

const columns = "h.id, h.bookmark_id, h.account_id, h.colour, h.note, h.exact, h.prefix, h.suffix, h.start_offset, " +
  "h.end_offset, h.created_at, h.updated_at"

const toRecord = (row: typeof HighlightRow.Type): Highlight.Record => {
  const { endOffset, startOffset, ...rest } = row
  return { ...rest, start: startOffset, end: endOffset }
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)
  const decodeRows = Schema.decodeUnknownEffect(Schema.Array(HighlightRow))
  const decodeIds = Schema.decodeUnknownEffect(Schema.Array(IdRow))
  const read = (rows: ReadonlyArray<unknown>) => Effect.map(decodeRows(rows), (decoded) => decoded.map(toRecord))

  const find = SqlSchema.findOneOption({
    Request: HighlightId,
    Result: HighlightRow,
    execute: (id) => sql`SELECT ${cols} FROM highlights h WHERE h.id = ${id}`
  })

  const countRows = SqlSchema.findAll({
    Request: Schema.Array(Schema.String),
    Result: CountRow,
    execute: (ids) =>
      sql`SELECT bookmark_id, count(*) AS n FROM highlights WHERE bookmark_id = ANY(${ids}::text[]) GROUP BY bookmark_id`
  })

  return Highlights.of({
    // The bookmark's row is locked first, so concurrent inserts cannot pass the cap.
    insert: Effect.fn("SqlHighlights.insert")(function*(h, max) {
      return yield* storage(sql.withTransaction(Effect.gen(function*() {
        const owner = yield* sql`
          SELECT id FROM bookmarks WHERE id = ${h.bookmarkId} AND account_id = ${h.accountId} FOR UPDATE`
        if (owner.length === 0) return "missing" as const
        const counted = yield* sql<{ n: number | string }>`
          SELECT count(*) AS n FROM highlights WHERE bookmark_id = ${h.bookmarkId}`
        if (Number(counted[0]?.n ?? 0) >= max) return "full" as const
        yield* sql`
          INSERT INTO highlights (id, bookmark_id, account_id, colour, note, exact, prefix, suffix, start_offset,
            end_offset, created_at, updated_at)
          VALUES (${h.id}, ${h.bookmarkId}, ${h.accountId}, ${h.colour}, ${h.note}, ${h.exact}, ${h.prefix},
            ${h.suffix}, ${h.start}, ${h.end}, ${h.createdAt}, ${h.updatedAt})`
        return "inserted" as const
      })))
    }),

    get: Effect.fn("SqlHighlights.get")(function*(id) {
      return Option.map(yield* storage(find(id)), toRecord)
    }),

    update: Effect.fn("SqlHighlights.update")(function*(h) {
      const rows = yield* storage(sql`
        UPDATE highlights SET colour = ${h.colour}, note = ${h.note}, updated_at = ${h.updatedAt}
        WHERE id = ${h.id} RETURNING id`)
      return (yield* storage(decodeIds(rows))).length > 0
    }),

    delete: Effect.fn("SqlHighlights.delete")(function*(id) {
      const rows = yield* storage(sql`DELETE FROM highlights WHERE id = ${id} RETURNING id`)
      return (yield* storage(decodeIds(rows))).length > 0
    }),

    ofBookmark: Effect.fn("SqlHighlights.ofBookmark")(function*(bookmarkId) {
      const rows = yield* storage(sql`
        SELECT ${cols} FROM highlights h WHERE h.bookmark_id = ${bookmarkId}
        ORDER BY h.start_offset, h.created_at, h.id COLLATE "C"`)
      return yield* storage(read(rows))
    }),

    counts: Effect.fn("SqlHighlights.counts")(function*(bookmarkIds) {
      if (bookmarkIds.length === 0) return new Map()
      const rows = yield* storage(countRows([...bookmarkIds]))
      return new Map(rows.map((row): [BookmarkIdType, number] => [row.bookmarkId, row.n]))
    }),

    page: Effect.fn("SqlHighlights.page")(function*(accountId, query) {
      const conditions = [sql`h.account_id = ${accountId}`]
      if (Option.isSome(query.before)) {
        const { createdAt, id } = query.before.value
        conditions.push(
          sql`(h.created_at < ${createdAt} OR (h.created_at = ${createdAt} AND h.id COLLATE "C" < ${id}))`
        )
      }
      if (query.words.length > 0) {
        // Every word in the quote and note, or in the bookmark's title: one tsquery over both documents.
        const words = sql.join(" && ", true)(query.words.map((w) => sql`websearch_to_tsquery('english', ${w})`))
        conditions.push(
          sql`(h.search || to_tsvector('english'::regconfig, b.effective_title)) @@ (${words})`
        )
      }
      if (Option.isSome(query.tag)) {
        conditions.push(sql`b.tag_keys @> ${[Tags.tagKey(query.tag.value)]}::text[]`)
      }
      if (Option.isSome(query.bookmarkIds)) {
        conditions.push(sql`h.bookmark_id = ANY(${[...query.bookmarkIds.value]}::text[])`)
      }
      const rows = yield* storage(sql`
        SELECT ${cols} FROM highlights h JOIN bookmarks b ON b.id = h.bookmark_id
        WHERE ${sql.and(conditions)}
        ORDER BY h.created_at DESC, h.id COLLATE "C" DESC
        LIMIT ${query.limit}`)
      return yield* storage(read(rows))
    })
  })
})

export const layer = Layer.effect(Highlights, make)
