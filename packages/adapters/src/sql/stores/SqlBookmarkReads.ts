/** The reads of SqlBookmarks: one bookmark, one page of the library (filters and search), the tag counts. */
import { type Bookmarks, Tags } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import type * as SqlDirect from "../clients/SqlDirect.js"
import { storage } from "../clients/SqlFailure.js"
import { columns, toRecord } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import * as SearchQuery from "./SearchQuery.js"
import * as TagCountsRead from "./TagCountsRead.js"

type Methods = Pick<Bookmarks["Service"], "get" | "getWithHighlights" | "list" | "tags">

const first = RowCheck.first(toRecord)
const all = RowCheck.all(toRecord)
const firstWithHighlights = RowCheck.first((row) => ({
  record: toRecord(row),
  highlights: RowCheck.int8(row, "highlight_count")
}))

export const make = (sql: SqlClient.SqlClient, direct: SqlDirect.Run): Methods => ({
  // Untraced, as the read use cases: they run on every `GET /bookmarks`.
  get: Effect.fnUntraced(function*(id) {
    const rows = yield* storage(
      direct(sql`SELECT ${sql.literal(columns)}, page_text, page_markdown FROM bookmarks WHERE id = ${id}`)
    )
    return yield* first(rows)
  }),

  // The count is a correlated subquery on `highlights_bookmark`, so the row and its count are one round trip.
  getWithHighlights: Effect.fnUntraced(function*(id) {
    const rows = yield* storage(direct(sql`
      SELECT ${sql.literal(columns)}, page_text, page_markdown,
        (SELECT count(*)::int FROM highlights h WHERE h.bookmark_id = bookmarks.id) AS highlight_count
      FROM bookmarks WHERE id = ${id}`))
    return yield* firstWithHighlights(rows)
  }),

  // Pages never carry the page text (no list view shows it and it can be large): `pageText` is "".
  list: Effect.fnUntraced(function*(accountId, query) {
    const conditions = [
      sql`account_id = ${accountId}`,
      ...Option.toArray(Option.map(query.before, (before) => sql`created_at < ${before}`)),
      ...Option.toArray(Option.map(query.tag, (tag) => sql`tag_keys @> ${[Tags.tagKey(tag.trim())]}::text[]`)),
      ...Option.toArray(Option.map(query.type, (type) => sql`type = ${type}`)),
      // Indexed by (account_id, url, created_at): the browser extension asks "is this page saved?" per tab.
      ...Option.toArray(Option.map(query.url ?? Option.none(), (url) => sql`url = ${url}`)),
      ...Option.toArray(Option.map(query.q, (q) => SearchQuery.condition(sql, q, accountId))),
      ...Option.toArray(Option.map(query.since ?? Option.none(), (since) => sql`created_at >= ${since}`))
    ]
    // The web app's other orders sort the account's matches (no index; a library of 10,000 sorts in a few ms).
    // By title, untitled bookmarks come last.
    const order = query.order === "oldest"
      ? sql.literal("ORDER BY created_at ASC")
      : query.order === "title"
      ? sql.literal("ORDER BY effective_title = '' ASC, lower(effective_title) ASC, created_at ASC")
      : sql.literal("ORDER BY created_at DESC")
    const offset = query.offset !== undefined && query.offset > 0 ? sql`OFFSET ${query.offset}` : sql.literal("")
    const rows = yield* storage(direct(sql`
      SELECT ${sql.literal(columns)}, '' AS page_text FROM bookmarks
      WHERE ${sql.and(conditions)}
      ${order}
      LIMIT ${query.limit} ${offset}`))
    return yield* all(rows)
  }),

  tags: Effect.fn("SqlBookmarks.tags")(function*(accountId) {
    return yield* storage(TagCountsRead.read(sql, accountId))
  })
})
