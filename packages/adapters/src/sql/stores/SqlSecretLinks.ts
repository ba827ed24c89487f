/**
 * Secret links in SQL: found by the token's hash (unique index); the per-account cap checked under the account lock.
 */
import { AccountId, ListId, type SecretLink, SecretLinkId, SecretLinks } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const LinkRow = Row({
  id: SecretLinkId,
  accountId: AccountId,
  kind: Schema.Literals(["list", "tag"]),
  purpose: Schema.Literals(["feed", "page"]),
  listId: Schema.NullOr(ListId),
  tag: Schema.String,
  tokenHash: Schema.String,
  createdAt: Int8,
  revokedAt: NullableInt8
})

const toRecord = (row: typeof LinkRow.Type): SecretLink.Record => ({
  id: row.id,
  accountId: row.accountId,
  target: row.kind === "list" && row.listId !== null
    ? { _tag: "List", listId: row.listId }
    : { _tag: "Tag", tag: row.tag },
  purpose: row.purpose,
  tokenHash: row.tokenHash,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt
})

const columns = "id, account_id, kind, purpose, list_id, tag, token_hash, created_at, revoked_at"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)

  const list = SqlSchema.findAll({
    Request: AccountId,
    Result: LinkRow,
    execute: (accountId) =>
      sql`SELECT ${cols} FROM secret_links WHERE account_id = ${accountId} ORDER BY created_at DESC, id`
  })
  const find = SqlSchema.findOneOption({
    Request: SecretLinkId,
    Result: LinkRow,
    execute: (id) => sql`SELECT ${cols} FROM secret_links WHERE id = ${id}`
  })
  const byHash = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: LinkRow,
    execute: (hash) => sql`SELECT ${cols} FROM secret_links WHERE token_hash = ${hash}`
  })

  return SecretLinks.of({
    insert: Effect.fn("SqlSecretLinks.insert")(function*(link, max) {
      const target = link.target
      const rows = yield* storage(sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT id FROM accounts WHERE id = ${link.accountId} FOR UPDATE`
        return yield* sql`
          INSERT INTO secret_links (${cols})
          SELECT ${link.id}, ${link.accountId}, ${target._tag === "List" ? "list" : "tag"}, ${link.purpose},
            ${target._tag === "List" ? target.listId : null}, ${target._tag === "Tag" ? target.tag : ""},
            ${link.tokenHash}, ${link.createdAt}, ${link.revokedAt}::bigint
          WHERE (SELECT count(*) FROM secret_links
            WHERE account_id = ${link.accountId} AND revoked_at IS NULL) < ${max}
          RETURNING id`
      })))
      return rows.length > 0
    }),
    list: Effect.fn("SqlSecretLinks.list")(function*(accountId) {
      return (yield* storage(list(accountId))).map(toRecord)
    }),
    get: Effect.fn("SqlSecretLinks.get")(function*(id) {
      return Option.map(yield* storage(find(id)), toRecord)
    }),
    findByHash: Effect.fn("SqlSecretLinks.findByHash")(function*(hash) {
      return Option.map(yield* storage(byHash(hash)), toRecord)
    }),
    revoke: Effect.fn("SqlSecretLinks.revoke")(function*(id, at) {
      const rows = yield* storage(sql`
        UPDATE secret_links SET revoked_at = coalesce(revoked_at, ${at}::bigint) WHERE id = ${id} RETURNING id`)
      return rows.length > 0
    })
  })
})

export const layer = Layer.effect(SecretLinks, make)
