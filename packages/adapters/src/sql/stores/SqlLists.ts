/** Lists in SQL: names unique per account, memberships with their bookmark's `createdAt` for one-index pages. */
import {
  AccountId,
  type BookmarkId,
  BookmarkId as BookmarkIdSchema,
  List,
  ListId,
  Lists
} from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { columns as bookmarkColumns, toRecord } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import { Int8, Row } from "../rows/RowSchema.js"

const listFields = {
  id: ListId,
  accountId: AccountId,
  name: Schema.String,
  parentId: Schema.NullOr(ListId),
  createdAt: Int8
}
const ListRow = Row(listFields)
const SummaryRow = Row({ ...listFields, count: Int8 })
const IdRow = Row({ id: Schema.String })
const CountRow = Row({ n: Int8 })
const ListIdRow = Row({ listId: ListId })
const BookmarkIdRow = Row({ bookmarkId: BookmarkIdSchema })

const columns = "id, account_id, name, parent_id, created_at"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)
  const all = RowCheck.all(toRecord)

  const find = SqlSchema.findOneOption({
    Request: ListId,
    Result: ListRow,
    execute: (id) => sql`SELECT ${cols} FROM lists WHERE id = ${id}`
  })

  const byName = SqlSchema.findOneOption({
    Request: Schema.Struct({ accountId: AccountId, key: Schema.String }),
    Result: ListRow,
    execute: ({ accountId, key }) =>
      sql`SELECT ${cols} FROM lists WHERE account_id = ${accountId} AND name_key = ${key}`
  })

  const summaries = SqlSchema.findAll({
    Request: AccountId,
    Result: SummaryRow,
    execute: (accountId) =>
      sql`
      SELECT id, account_id, name, parent_id, created_at, member_count AS count
      FROM lists WHERE account_id = ${accountId}`
  })

  const holding = SqlSchema.findAll({
    Request: Schema.String,
    Result: ListIdRow,
    execute: (bookmarkId) => sql`SELECT list_id FROM list_items WHERE bookmark_id = ${bookmarkId} ORDER BY list_id`
  })

  const members = SqlSchema.findAll({
    Request: Schema.Array(Schema.String),
    Result: BookmarkIdRow,
    execute: (ids) => sql`SELECT DISTINCT bookmark_id FROM list_items WHERE list_id = ANY(${ids}::text[])`
  })

  const ids = Schema.decodeUnknownEffect(Schema.Array(IdRow))
  const counts = Schema.decodeUnknownEffect(Schema.Array(CountRow))

  return Lists.of({
    // The account's row is locked first, so concurrent inserts cannot pass the cap; the unique index keeps names.
    insert: Effect.fn("SqlLists.insert")(function*(list, max) {
      return yield* storage(sql.withTransaction(Effect.gen(function*() {
        const counted = yield* counts(
          yield* sql`
          SELECT (SELECT count(*) FROM lists WHERE account_id = ${list.accountId}) AS n
          FROM accounts WHERE id = ${list.accountId} FOR UPDATE`
        )
        const n = counted[0]?.n
        if (n === undefined || n >= max) return "full" as const
        const rows = yield* sql`
          INSERT INTO lists (id, account_id, name, name_key, parent_id, created_at)
          VALUES (${list.id}, ${list.accountId}, ${list.name}, ${List.nameKey(list.name)}, ${list.parentId},
            ${list.createdAt})
          ON CONFLICT (account_id, name_key) DO NOTHING
          RETURNING id`
        return rows.length > 0 ? "inserted" as const : "taken" as const
      })))
    }),

    get: Effect.fn("SqlLists.get")(function*(id) {
      return yield* storage(find(id))
    }),

    list: Effect.fn("SqlLists.list")(function*(accountId) {
      return [...yield* storage(summaries(accountId))].sort(List.byName)
    }),

    findByName: Effect.fn("SqlLists.findByName")(function*(accountId, name) {
      return yield* storage(byName({ accountId, key: List.nameKey(name.trim()) }))
    }),

    update: Effect.fn("SqlLists.update")(function*(list) {
      return yield* storage(Effect.gen(function*() {
        const rows = yield* sql`
          UPDATE lists SET name = ${list.name}, name_key = ${List.nameKey(list.name)}, parent_id = ${list.parentId}
          WHERE id = ${list.id} AND NOT EXISTS (
            SELECT 1 FROM lists o
            WHERE o.account_id = ${list.accountId} AND o.name_key = ${List.nameKey(list.name)} AND o.id <> ${list.id})
          RETURNING id`
        if (rows.length > 0) return "updated" as const
        return Option.isSome(yield* find(list.id)) ? "taken" as const : "missing" as const
      }))
    }),

    delete: Effect.fn("SqlLists.delete")(function*(id) {
      return yield* storage(sql.withTransaction(Effect.gen(function*() {
        yield* sql`
          UPDATE lists SET parent_id = (SELECT parent_id FROM lists WHERE id = ${id})
          WHERE parent_id = ${id}`
        const rows = yield* sql`DELETE FROM lists WHERE id = ${id} RETURNING id`
        return rows.length > 0
      })))
    }),

    add: Effect.fn("SqlLists.add")(function*(id, bookmarkIds, at) {
      const rows = yield* storage(sql`
        INSERT INTO list_items (list_id, bookmark_id, created_at, added_at)
        SELECT l.id, b.id, b.created_at, ${at}
        FROM lists l JOIN bookmarks b ON b.account_id = l.account_id
        WHERE l.id = ${id} AND b.id = ANY(${[...bookmarkIds]}::text[])
        ON CONFLICT (list_id, bookmark_id) DO NOTHING
        RETURNING bookmark_id AS id`)
      return (yield* storage(ids(rows))).length
    }),

    remove: Effect.fn("SqlLists.remove")(function*(id, bookmarkIds) {
      const rows = yield* storage(sql`
        DELETE FROM list_items WHERE list_id = ${id} AND bookmark_id = ANY(${[...bookmarkIds]}::text[])
        RETURNING bookmark_id AS id`)
      return (yield* storage(ids(rows))).length
    }),

    // As `Bookmarks.list`: no page text on pages, rows read by the bookmark reads' hand check.
    page: Effect.fnUntraced(function*(id, query) {
      const rows = yield* storage(sql`
        SELECT ${sql.literal(bookmarkColumns.replace(/(^|,\s*)(\w)/g, "$1b.$2"))}, '' AS page_text
        FROM list_items i JOIN bookmarks b ON b.id = i.bookmark_id
        WHERE i.list_id = ${id}
          ${Option.match(query.before, { onNone: () => sql``, onSome: (before) => sql`AND i.created_at < ${before}` })}
        ORDER BY i.created_at DESC
        LIMIT ${query.limit}`)
      return yield* all(rows)
    }),

    listsOf: Effect.fn("SqlLists.listsOf")(function*(bookmarkId) {
      return (yield* storage(holding(bookmarkId))).map((row) => row.listId)
    }),

    memberIds: Effect.fn("SqlLists.memberIds")(function*(listIds) {
      if (listIds.length === 0) return []
      return (yield* storage(members([...listIds]))).map((row): BookmarkId => row.bookmarkId)
    })
  })
})

export const layer = Layer.effect(Lists, make)
