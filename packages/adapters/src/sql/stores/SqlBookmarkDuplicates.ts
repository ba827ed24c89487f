/** The duplicates of SqlBookmarks (docs/search.md, "Duplicates"): same URL, groups, and the merge of a group. */
import { type Bookmarks, CanonicalUrl, Duplicates } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import { storage } from "../clients/SqlFailure.js"
import { columns, toRecord } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import type * as BookmarkRewrite from "./BookmarkRewrite.js"

type Methods = Pick<Bookmarks["Service"], "sameUrl" | "duplicateGroups" | "merge">

const all = RowCheck.all(toRecord)

export const make = (sql: SqlClient.SqlClient, rewrite: BookmarkRewrite.Rewrite): Methods => ({
  sameUrl: Effect.fn("SqlBookmarks.sameUrl")(function*(accountId, url, limit) {
    const canonical = CanonicalUrl.canonical(url)
    if (canonical === "") return []
    const rows = yield* storage(sql`
      SELECT ${sql.literal(columns)}, '' AS page_text FROM bookmarks
      WHERE account_id = ${accountId} AND canonical_url = ${canonical} AND canonical_url <> ''
      ORDER BY created_at DESC LIMIT ${limit}`)
    return yield* all(rows)
  }),

  duplicateGroups: Effect.fn("SqlBookmarks.duplicateGroups")(function*(accountId, limit) {
    // The newest `limit` groups of each kind (same canonical URL, same content), joined in code (Duplicates.groups).
    const rows = yield* storage(sql`
      SELECT ${sql.literal(columns)}, '' AS page_text, content_hash FROM bookmarks
      WHERE account_id = ${accountId} AND (canonical_url IN (
        SELECT canonical_url FROM bookmarks
        WHERE account_id = ${accountId} AND canonical_url <> ''
        GROUP BY canonical_url HAVING count(*) > 1
        ORDER BY max(created_at) DESC LIMIT ${limit}) OR content_hash IN (
        SELECT content_hash FROM bookmarks
        WHERE account_id = ${accountId} AND content_hash <> ''
        GROUP BY content_hash HAVING count(*) > 1
        ORDER BY max(created_at) DESC LIMIT ${limit}))`)
    const hashes = new Map(rows.map((row) => [RowCheck.text(row, "id"), RowCheck.text(row, "content_hash")]))
    return Duplicates.groups(yield* all(rows), (r) => hashes.get(r.id) ?? "").slice(0, limit)
  }),

  // The rows are locked in createdAt order, as every merge takes them, so two merges cannot deadlock.
  merge: Effect.fn("SqlBookmarks.merge")(function*(accountId, ids) {
    return yield* storage(sql.withTransaction(Effect.gen(function*() {
      const wanted = [...new Set(ids)]
      const locked = yield* Effect.flatMap(
        sql`
        SELECT ${sql.literal(columns)}, page_text, page_markdown FROM bookmarks
        WHERE id = ANY(${wanted}::text[]) AND account_id = ${accountId}
        ORDER BY created_at FOR UPDATE`,
        all
      )
      const [first, ...rest] = locked
      if (first === undefined || locked.length !== wanted.length) return Option.none()
      const kept = Duplicates.merged([first, ...rest])
      const removed = locked.filter((r) => r.id !== kept.id)
      yield* rewrite(kept)
      if (removed.length > 0) {
        const gone = removed.map((r) => r.id)
        // Nothing hanging on the others is lost (docs/search.md, "Duplicates"): their highlights move with their
        // anchors, their lists' memberships move once per list with the earliest addition (the count trigger adds
        // the new row and takes the cascaded ones away, so each list counts the kept bookmark once).
        yield* sql`UPDATE highlights SET bookmark_id = ${kept.id} WHERE bookmark_id = ANY(${gone}::text[])`
        yield* sql`
          INSERT INTO list_items (list_id, bookmark_id, created_at, added_at)
          SELECT list_id, ${kept.id}, ${kept.createdAt}, min(added_at) FROM list_items
          WHERE bookmark_id = ANY(${gone}::text[]) GROUP BY list_id
          ON CONFLICT (list_id, bookmark_id) DO UPDATE SET added_at = LEAST(list_items.added_at, EXCLUDED.added_at)`
        yield* sql`DELETE FROM bookmarks WHERE id = ANY(${gone}::text[])`
      }
      return Option.some({ kept, removed })
    })))
  })
})
