/** The library in SQL: monotonic createdAt per account, one-query pages with filters and full-text search. */
import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { Bookmark, type BookmarkId, Bookmarks, CreatedAt, type ImportedBookmark, ImportItem, Tags } from "@bookmark-library/domain"
import { Effect, Either, Layer, Option, Schema } from "effect"
import { columns, toRecord } from "./BookmarkRow.js"
import * as RowCheck from "./RowCheck.js"
import { tsquery } from "./SearchQuery.js"
import * as SqlDirect from "./SqlDirect.js"
import { storage } from "./SqlFailure.js"
import { decodeAll, decodeFirst, Int8 } from "./SqlRows.js"

const SpellingRow = Schema.Struct({ tag: Schema.String, count: Int8, newest: Int8 })

/**
 * Spellings counted in SQL, merged by tag key here: Postgres' `lower` follows the database's locale (PGlite's
 * is C, ASCII only), `Tags.tagKey` is the one rule. A bookmark carries each key once, so the counts add up.
 */
const mergeSpellings = (rows: ReadonlyArray<typeof SpellingRow.Type>): Array<Tags.TagCount> => {
  const byKey = new Map<string, { tag: string; count: number; newest: number }>()
  for (const row of rows) {
    const key = Tags.tagKey(row.tag)
    const seen = byKey.get(key)
    if (seen === undefined) byKey.set(key, { ...row })
    else byKey.set(key, {
      tag: row.newest > seen.newest ? row.tag : seen.tag,
      count: seen.count + row.count,
      newest: Math.max(seen.newest, row.newest)
    })
  }
  return [...byKey.values()].map(({ count, tag }) => ({ tag, count })).sort(Tags.byUse)
}

/** What filters and search read: the values a reader sees (`Bookmark.effective`). */
const effectiveColumns = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  return {
    title: eff.title,
    description: eff.description,
    note: eff.note,
    type: eff.type,
    tags: JSON.stringify(eff.tags),
    keys: [...new Set(eff.tags.map(Tags.tagKey))]
  }
}

/** Every column of a new row, for multi-row inserts. */
const toRow = (r: Bookmark.Record) => {
  const eff = effectiveColumns(r)
  const d = r.derived
  return {
    id: r.id,
    account_id: r.accountId,
    url: r.url,
    source: r.source,
    created_at: r.createdAt,
    status: r.status,
    processing_error: r.processingError,
    caller_tags: JSON.stringify(r.callerTags),
    note: r.note,
    title: d.title,
    description: d.description,
    // The column the type filter reads holds the effective type, as `insert` and `rewrite` write it.
    type: eff.type,
    image: d.image,
    favicon: d.favicon,
    screenshot: d.screenshot,
    summary: d.summary,
    derived_tags: JSON.stringify(d.tags),
    overrides: JSON.stringify(r.overrides),
    page_text: r.pageText,
    effective_title: eff.title,
    effective_description: eff.description,
    effective_note: eff.note,
    effective_tags: eff.tags,
    tag_keys: eff.keys
  }
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const direct = yield* SqlDirect.make
  const autonomous = yield* SqlDirect.makeAutonomous
  const spellings = decodeAll(SpellingRow)
  const first = RowCheck.first(toRecord)
  const all = RowCheck.all(toRecord)

  /** The full row, locked until the surrounding transaction ends. */
  const lockedRecord = (id: BookmarkId) =>
    Effect.flatMap(
      sql`SELECT ${sql.literal(columns)}, page_text FROM bookmarks WHERE id = ${id} FOR UPDATE`,
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
        overrides = ${JSON.stringify(r.overrides)}::jsonb, page_text = ${r.pageText},
        effective_title = ${eff.title}, effective_description = ${eff.description}, effective_note = ${eff.note},
        effective_tags = ${eff.tags}::jsonb, tag_keys = ${eff.keys}::text[]
      WHERE id = ${r.id}`
  }

  /** Reads, changes and rewrites one bookmark under its row lock; none when `change` declines. */
  const modify = (id: BookmarkId, change: (r: Bookmark.Record) => Option.Option<Bookmark.Record>) =>
    sql.withTransaction(Effect.gen(function*() {
      const updated = Option.flatMap(yield* lockedRecord(id), change)
      if (Option.isSome(updated)) yield* rewrite(updated.value)
      return updated
    }))

  const keyRows = decodeAll(Schema.Struct({ key: Schema.String }))
  const stampRows = decodeAll(Schema.Struct({ created_at: Int8 }))

  /** The duplicate keys (ImportItem.duplicateKey) among `items` that the account already has. */
  const existingKeys = (accountId: Bookmark.Record["accountId"], items: ReadonlyArray<ImportedBookmark>) =>
    Effect.gen(function*() {
      const urls = items.filter((i) => i.url !== "").map((i) => i.url)
      const notes = items.filter((i) => i.url === "").map((i) => i.note)
      const byUrl = urls.length === 0 ? [] : yield* keyRows(yield* sql`
        SELECT 'url:' || url AS key FROM bookmarks WHERE account_id = ${accountId} AND url = ANY(${urls}::text[])`)
      const byNote = notes.length === 0 ? [] : yield* keyRows(yield* sql`
        SELECT 'note:' || note AS key FROM bookmarks
        WHERE account_id = ${accountId} AND url = '' AND note = ANY(${notes}::text[])`)
      return new Set([...byUrl, ...byNote].map((row) => row.key))
    })

  /** Unique createdAts for `wanted`: spread past the taken ones, asking the database until nothing collides. */
  const stamps = (accountId: Bookmark.Record["accountId"], wanted: ReadonlyArray<number>) =>
    Effect.gen(function*() {
      const taken = new Set<number>()
      for (;;) {
        const assigned = CreatedAt.spread(wanted, (at) => taken.has(at))
        const found = yield* stampRows(yield* sql`
          SELECT created_at FROM bookmarks WHERE account_id = ${accountId} AND created_at = ANY(${assigned}::bigint[])`)
        if (found.length === 0) return assigned
        for (const row of found) taken.add(row.created_at)
      }
    })

  return Bookmarks.of({
    insert: Effect.fn("SqlBookmarks.insert")(function*({ now, ...input }) {
      const eff = effectiveColumns({ ...input, createdAt: now })
      const d = input.derived
      // The account's last createdAt, bumped: the update row-locks the account, so concurrent inserts take turns.
      // On Postgres it first tries to commit on its own (SqlDirect `autonomous`), so the lock lasts one statement
      // rather than the caller's whole transaction. When that cannot work (the caller's transaction created or
      // locked the account: no row, or no lock within the short `lock_timeout`) or on PGlite, it is part of the
      // insert, inside the caller's transaction, as before.
      const stamp = sql`
        UPDATE accounts SET last_bookmark_at = CASE
          WHEN last_bookmark_at IS NULL THEN ${now}::bigint
          ELSE greatest(${now}::bigint, last_bookmark_at + 1) END
        WHERE id = ${input.accountId}
        RETURNING last_bookmark_at`
      const insertAt = (createdAt: Statement.Fragment, from: Statement.Fragment) => sql`
        INSERT INTO bookmarks (
          id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
          title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
          effective_title, effective_description, effective_note, effective_tags, tag_keys)
        SELECT ${input.id}, ${input.accountId}, ${input.url}, ${input.source}, ${createdAt},
          ${input.status}, ${input.processingError}, ${JSON.stringify(input.callerTags)}::jsonb, ${input.note},
          ${d.title}, ${d.description}, ${eff.type}, ${d.image}, ${d.favicon}, ${d.screenshot}, ${d.summary},
          ${JSON.stringify(d.tags)}::jsonb, ${JSON.stringify(input.overrides)}::jsonb, ${input.pageText},
          ${eff.title}, ${eff.description}, ${eff.note}, ${eff.tags}::jsonb, ${eff.keys}::text[]
        ${from}
        RETURNING created_at`
      const inTransaction = sql`WITH stamp AS (${stamp}) ${insertAt(sql.literal("stamp.last_bookmark_at"), sql.literal("FROM stamp"))}`
      const rows = yield* storage(Option.match(autonomous, {
        onNone: () => inTransaction,
        onSome: (outside) =>
          Effect.flatMap(Effect.either(outside(stamp)), (taken) => {
            const at = Either.isRight(taken) ? taken.right[0]?.["last_bookmark_at"] : undefined
            return at === undefined ? inTransaction : insertAt(sql`${String(at)}::bigint`, sql.literal(""))
          })
      }))
      const stamped = yield* storage(decodeFirst(Schema.Struct({ created_at: Int8 }))(rows))
      if (Option.isNone(stamped)) return yield* Effect.dieMessage(`No account ${input.accountId} for bookmark ${input.id}`)
      return { ...input, createdAt: stamped.value.created_at }
    }),

    // One transaction holding the account's row lock, as `insert` does: saves and other batches take turns.
    insertImported: Effect.fn("SqlBookmarks.insertImported")(function*(accountId, items) {
      return yield* storage(sql.withTransaction(Effect.gen(function*() {
        const locked = yield* sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`
        if (locked.length === 0) return yield* Effect.dieMessage(`No account ${accountId} for imported bookmarks`)
        const seen = yield* existingKeys(accountId, items)
        const { duplicates, fresh } = ImportItem.withoutDuplicates(items, seen)
        if (fresh.length === 0) return { inserted: [], duplicates }
        const assigned = yield* stamps(accountId, fresh.map((item) => item.wantedAt))
        const inserted = fresh.map(({ wantedAt: _wanted, ...item }, i): Bookmark.Record => ({ ...item, createdAt: assigned[i] ?? 0 }))
        yield* sql`INSERT INTO bookmarks ${sql.insert(inserted.map(toRow))}`
        yield* sql`
          UPDATE accounts SET last_bookmark_at = greatest(coalesce(last_bookmark_at, ${Math.max(...assigned)}::bigint), ${Math.max(...assigned)}::bigint)
          WHERE id = ${accountId}`
        return { inserted, duplicates }
      })))
    }),

    // Untraced, as the read use cases: they run on every `GET /bookmarks`.
    get: Effect.fnUntraced(function*(id) {
      const rows = yield* storage(direct(sql`SELECT ${sql.literal(columns)}, page_text FROM bookmarks WHERE id = ${id}`))
      return yield* first(rows)
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
        ...Option.toArray(Option.map(query.q, (q) => sql`search @@ ${tsquery(sql, q)}`))
      ]
      const rows = yield* storage(direct(sql`
        SELECT ${sql.literal(columns)}, '' AS page_text FROM bookmarks
        WHERE ${sql.and(conditions)}
        ORDER BY created_at DESC
        LIMIT ${query.limit}`))
      return yield* all(rows)
    }),

    tags: Effect.fn("SqlBookmarks.tags")(function*(accountId) {
      const rows = yield* storage(sql`
        SELECT t.tag, count(*) AS count, max(b.created_at) AS newest
        FROM bookmarks b CROSS JOIN LATERAL jsonb_array_elements_text(b.effective_tags) AS t(tag)
        WHERE b.account_id = ${accountId}
        GROUP BY t.tag`)
      return mergeSpellings(yield* storage(spellings(rows)))
    }),

    complete: Effect.fn("SqlBookmarks.complete")(function*(id, enrichment) {
      return yield* storage(modify(id, (r) =>
        r.status === "processing"
          ? Option.some({
            ...r,
            status: "ready" as const,
            derived: enrichment.derived,
            processingError: enrichment.processingError,
            pageText: enrichment.pageText
          })
          : Option.none()))
    }),

    pending: Effect.fn("SqlBookmarks.pending")(function*(id, processingError) {
      // Only the reason changes: no effective column depends on it, so no full rewrite.
      const rows = yield* storage(sql`
        UPDATE bookmarks SET processing_error = ${processingError}
        WHERE id = ${id} AND status = 'processing'
        RETURNING id`)
      return rows.length > 0
    }),

    edit: Effect.fn("SqlBookmarks.edit")(function*(id, overrides) {
      return yield* storage(modify(id, (r) => Option.some({ ...r, overrides: { ...r.overrides, ...overrides } })))
    }),

    restart: Effect.fn("SqlBookmarks.restart")(function*(id) {
      return yield* storage(modify(id, (r) =>
        r.status === "processing" ? Option.none() : Option.some({ ...r, status: "processing" as const, processingError: "" })))
    }),

    // Its jobs go with it (ON DELETE CASCADE).
    delete: Effect.fn("SqlBookmarks.delete")(function*(id) {
      const rows = yield* storage(sql`DELETE FROM bookmarks WHERE id = ${id} RETURNING id`)
      return rows.length > 0
    })
  })
})

export const layer = Layer.effect(Bookmarks, make)
