/** The library in SQL: monotonic createdAt per account, one-query pages with filters and full-text search. */
import { Bookmark, Bookmarks, ContentHash } from "@bookmark-library/domain"
import { Effect, Layer, Option, Result, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type * as Statement from "effect/sql/Statement"
import * as SqlDirect from "../clients/SqlDirect.js"
import { storage } from "../clients/SqlFailure.js"
import * as ArchiveColumn from "../rows/ArchiveColumn.js"
import { effectiveColumns, markdownOf, StampRow, urlColumns } from "./BookmarkColumns.js"
import * as BookmarkRewrite from "./BookmarkRewrite.js"
import * as SqlBookmarkDuplicates from "./SqlBookmarkDuplicates.js"
import * as SqlBookmarkImports from "./SqlBookmarkImports.js"
import * as SqlBookmarkReads from "./SqlBookmarkReads.js"
import * as SqlLinkChecks from "./SqlLinkChecks.js"
import * as SqlTagWrites from "./SqlTagWrites.js"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const direct = yield* SqlDirect.make
  const autonomous = yield* SqlDirect.makeAutonomous
  const { modify, rewrite } = BookmarkRewrite.make(sql)

  /** What an insert returns: its statement is chosen as it runs (see `insert`), so its rows are decoded apart. */
  const insertedStamps = Schema.decodeUnknownEffect(Schema.Array(StampRow))

  return Bookmarks.of({
    insert: Effect.fn("SqlBookmarks.insert")(function*({ now, ...input }) {
      const eff = effectiveColumns({ ...input, createdAt: now })
      const d = input.derived
      const byUrl = urlColumns(input.url)
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
      const insertAt = (createdAt: Statement.Fragment, from: Statement.Fragment) =>
        sql`
        INSERT INTO bookmarks (
          id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
          title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
          effective_title, effective_description, effective_note, effective_tags, tag_keys, thumbnail, icon, archive,
          canonical_url, site_key, favourite, archived, content_hash)
        SELECT ${input.id}, ${input.accountId}, ${input.url}, ${input.source}, ${createdAt},
          ${input.status}, ${input.processingError}, ${JSON.stringify(input.callerTags)}::jsonb, ${input.note},
          ${d.title}, ${d.description}, ${eff.type}, ${d.image}, ${d.favicon}, ${d.screenshot}, ${d.summary},
          ${JSON.stringify(d.tags)}::jsonb, ${JSON.stringify(input.overrides)}::jsonb, ${input.pageText},
          ${eff.title}, ${eff.description}, ${eff.note}, ${eff.tags}::jsonb, ${eff.keys}::text[],
          ${d.thumbnail ?? ""}, ${d.icon ?? ""},
          ${ArchiveColumn.write(d.archive)}::jsonb,
          ${byUrl.canonical}, ${byUrl.siteKey}, ${input.favourite === true}, ${input.archived === true},
          ${ContentHash.of(input.pageText)}
        ${from}
        RETURNING created_at`
      const inTransaction = sql`WITH stamp AS (${stamp}) ${
        insertAt(sql.literal("stamp.last_bookmark_at"), sql.literal("FROM stamp"))
      }`
      const rows = yield* storage(Option.match(autonomous, {
        onNone: () => inTransaction,
        onSome: (outside) =>
          Effect.flatMap(Effect.result(outside(stamp)), (taken) => {
            const at = Result.isSuccess(taken) ? taken.success[0]?.["last_bookmark_at"] : undefined
            return at === undefined ? inTransaction : insertAt(sql`${String(at)}::bigint`, sql.literal(""))
          })
      }))
      const [stamped] = yield* storage(insertedStamps(rows))
      if (stamped === undefined) {
        return yield* Effect.die(new Error(`No account ${input.accountId} for bookmark ${input.id}`))
      }
      return { ...input, createdAt: stamped.createdAt }
    }),

    ...SqlBookmarkImports.make(sql),

    ...SqlBookmarkReads.make(sql, direct),

    complete: Effect.fn("SqlBookmarks.complete")(function*(id, enrichment) {
      return yield* storage(modify(id, ({ pageMarkdown: _previous, ...r }) =>
        r.status === "processing"
          ? Option.some({
            ...r,
            status: "ready" as const,
            derived: enrichment.derived,
            processingError: enrichment.processingError,
            pageText: enrichment.pageText,
            ...markdownOf(enrichment.pageMarkdown)
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
      return yield* storage(
        modify(id, (r) =>
          r.status === "processing"
            ? Option.none()
            : Option.some({ ...r, status: "processing" as const, processingError: "" }))
      )
    }),

    restartWithArchive: Effect.fn("SqlBookmarks.restartWithArchive")(function*(id, archive) {
      return yield* storage(
        modify(id, (r) =>
          r.status === "processing"
            ? Option.none()
            : Option.some({
              ...r,
              status: "processing" as const,
              processingError: "",
              derived: { ...r.derived, archive }
            }))
      )
    }),

    ...SqlTagWrites.make(sql),

    setStates: Effect.fn("SqlBookmarks.setStates")(function*(id, states) {
      return yield* storage(modify(id, (r) => Option.some(Bookmark.withStates(r, states))))
    }),

    ...SqlBookmarkDuplicates.make(sql, rewrite),

    ...SqlLinkChecks.make(sql),

    // Its jobs go with it (ON DELETE CASCADE).
    delete: Effect.fn("SqlBookmarks.delete")(function*(id) {
      const rows = yield* storage(sql`DELETE FROM bookmarks WHERE id = ${id} RETURNING id`)
      return rows.length > 0
    })
  })
})

export const layer = Layer.effect(Bookmarks, make)
