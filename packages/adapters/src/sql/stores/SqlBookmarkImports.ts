/** The import batch of SqlBookmarks: duplicates left out by key, unique createdAts, one multi-row insert. */
import {
  AccountId,
  type Bookmark,
  type Bookmarks,
  CreatedAt,
  type ImportedBookmark,
  ImportItem
} from "@bookmark-library/domain"
import { Array as Arr, Effect, Schema } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Row } from "../rows/RowSchema.js"
import { StampRow, toRow } from "./BookmarkColumns.js"

type Methods = Pick<Bookmarks["Service"], "insertImported">

const KeyRow = Row({ key: Schema.String })

export const make = (sql: SqlClient.SqlClient): Methods => {
  const urlKeys = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, urls: Schema.Array(Schema.String) }),
    Result: KeyRow,
    execute: ({ accountId, urls }) =>
      // By canonical form (ImportItem.duplicateKey), on the index `bookmarks_canonical`; a URL without one by itself.
      sql`
      SELECT 'url:' || canonical_url AS key FROM bookmarks
      WHERE account_id = ${accountId} AND canonical_url <> '' AND canonical_url = ANY(${urls}::text[])
      UNION ALL
      SELECT 'url:' || url AS key FROM bookmarks
      WHERE account_id = ${accountId} AND canonical_url = '' AND url <> '' AND url = ANY(${urls}::text[])`
  })
  const noteKeys = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, notes: Schema.Array(Schema.String) }),
    Result: KeyRow,
    execute: ({ accountId, notes }) =>
      sql`
      SELECT 'note:' || note AS key FROM bookmarks
      WHERE account_id = ${accountId} AND url = '' AND note = ANY(${notes}::text[])`
  })

  /** The duplicate keys (ImportItem.duplicateKey) among `items` that the account already has. */
  const existingKeys = (accountId: Bookmark.Record["accountId"], items: ReadonlyArray<ImportedBookmark>) =>
    Effect.gen(function*() {
      // Each URL's key without its `url:` prefix: the canonical form, or the URL itself when it has none.
      const urls = items.filter((i) => i.url !== "").map((i) => ImportItem.duplicateKey(i).slice("url:".length))
      const notes = items.filter((i) => i.url === "").map((i) => i.note)
      const byUrl = urls.length === 0 ? [] : yield* urlKeys({ accountId, urls })
      const byNote = notes.length === 0 ? [] : yield* noteKeys({ accountId, notes })
      return new Set([...byUrl, ...byNote].map((row) => row.key))
    })

  const takenStamps = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, stamps: Schema.Array(Schema.Number) }),
    Result: StampRow,
    execute: ({ accountId, stamps }) =>
      sql`
      SELECT created_at FROM bookmarks
      WHERE account_id = ${accountId} AND created_at = ANY(${stamps.map(String)}::bigint[])`
  })

  /**
   * Unique createdAts for `wanted`: spread past the taken ones, asking the database until nothing collides. The
   * stamps are bound as text: the Postgres driver types a number array by its elements (int4 or int8), and one
   * batch may hold both (an import reaching back to January 1970).
   */
  const stamps = (accountId: Bookmark.Record["accountId"], wanted: ReadonlyArray<number>) =>
    Effect.gen(function*() {
      const taken = new Set<number>()
      for (;;) {
        const assigned = CreatedAt.spread(wanted, (at) => taken.has(at))
        const found = yield* takenStamps({ accountId, stamps: assigned })
        if (found.length === 0) return assigned
        for (const row of found) taken.add(row.createdAt)
      }
    })

  return {
    // One transaction holding the account's row lock, as `insert` does: saves and other batches take turns.
    insertImported: Effect.fn("SqlBookmarks.insertImported")(function*(accountId, items, policy) {
      return yield* storage(sql.withTransaction(Effect.gen(function*() {
        const locked = yield* sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`
        if (locked.length === 0) return yield* Effect.die(new Error(`No account ${accountId} for imported bookmarks`))
        const { duplicates, fresh } = policy === "keep"
          ? { fresh: items, duplicates: [] }
          : ImportItem.withoutDuplicates(items, yield* existingKeys(accountId, items))
        if (!Arr.isReadonlyArrayNonEmpty(fresh)) return { inserted: [], duplicates }
        const assigned = yield* stamps(accountId, fresh.map((item) => item.wantedAt))
        const inserted = Arr.map(
          fresh,
          ({ wantedAt: _wanted, ...item }, i): Bookmark.Record => ({ ...item, createdAt: assigned[i] ?? 0 })
        )
        yield* sql`INSERT INTO bookmarks ${sql.insert(Arr.map(inserted, toRow))}`
        yield* sql`
        UPDATE accounts SET last_bookmark_at = greatest(coalesce(last_bookmark_at, ${Math.max(...assigned)}::bigint), ${
          Math.max(...assigned)
        }::bigint)
        WHERE id = ${accountId}`
        return { inserted, duplicates }
      })))
    })
  }
}
