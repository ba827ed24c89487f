/** The OAuth authorization server's records in SQL (docs/oauth.md); a code or refresh token is taken atomically. */
import { type OAuth, OAuthStore, Scope } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import * as SqlDirect from "../clients/SqlDirect.js"
import { storage } from "../clients/SqlFailure.js"
import * as AccessTokenRow from "../rows/AccessTokenRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const ClientRow = Row({
  id: Schema.String,
  name: Schema.String,
  redirectUris: Schema.Array(Schema.String),
  createdAt: Int8
})

const CodeRow = Row({
  hash: Schema.String,
  clientId: Schema.String,
  clientName: Schema.String,
  accountId: Schema.String,
  scopes: Schema.String,
  redirectUri: Schema.String,
  challenge: Schema.String,
  resource: Schema.String,
  expiresAt: Int8,
  firstUse: Schema.Boolean,
  keyId: Schema.NullOr(Schema.String)
})

const TokenRow = Row({
  hash: Schema.String,
  kind: Schema.Literals(["access", "refresh"]),
  keyId: Schema.String,
  accountId: Schema.String,
  clientId: Schema.String,
  resource: Schema.String,
  createdAt: Int8,
  expiresAt: Int8,
  firstUse: Schema.Boolean,
  usedAt: NullableInt8
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const direct = yield* SqlDirect.make
  const firstOwner = RowCheck.first(AccessTokenRow.toOwner)

  const findClient = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: ClientRow,
    execute: (id) => sql`SELECT id, name, redirect_uris, created_at FROM oauth_clients WHERE id = ${id}`
  })

  // `used_at` is set by the first use only; the old value tells a replay apart (one statement, no race).
  const takeCode = SqlSchema.findOneOption({
    Request: Schema.Struct({ hash: Schema.String, at: Schema.Number }),
    Result: CodeRow,
    execute: ({ at, hash }) =>
      sql`
      UPDATE oauth_codes c SET used_at = coalesce(c.used_at, ${at}::bigint)
      FROM (SELECT hash, used_at FROM oauth_codes WHERE hash = ${hash} FOR UPDATE) old
      WHERE c.hash = old.hash
      RETURNING c.hash, c.client_id, c.client_name, c.account_id, c.scopes, c.redirect_uri, c.challenge,
                c.resource, c.expires_at, old.used_at IS NULL AS first_use, c.key_id`
  })

  const takeRefresh = SqlSchema.findOneOption({
    Request: Schema.Struct({ hash: Schema.String, at: Schema.Number }),
    Result: TokenRow,
    execute: ({ at, hash }) =>
      sql`
      UPDATE oauth_tokens t SET used_at = coalesce(t.used_at, ${at}::bigint)
      FROM (SELECT hash, used_at FROM oauth_tokens WHERE hash = ${hash} AND kind = 'refresh' FOR UPDATE) old
      WHERE t.hash = old.hash
      RETURNING t.hash, t.kind, t.key_id, t.account_id, t.client_id, t.resource, t.created_at, t.expires_at,
                old.used_at IS NULL AS first_use, t.used_at`
  })

  return OAuthStore.of({
    addClient: Effect.fn("SqlOAuthStore.addClient")(function*(client) {
      yield* storage(sql`
        INSERT INTO oauth_clients (id, name, redirect_uris, created_at)
        VALUES (${client.id}, ${client.name}, ${JSON.stringify(client.redirectUris)}::jsonb, ${client.createdAt})`)
    }),
    findClient: Effect.fn("SqlOAuthStore.findClient")(function*(id) {
      const found = yield* storage(findClient(id))
      return Option.map(found, (row): OAuth.Client => ({ ...row, kind: "registered" }))
    }),
    addCode: Effect.fn("SqlOAuthStore.addCode")(function*(code) {
      yield* storage(sql`
        INSERT INTO oauth_codes (hash, client_id, client_name, account_id, scopes, redirect_uri, challenge, resource,
                                 expires_at)
        VALUES (${code.hash}, ${code.clientId}, ${code.clientName}, ${code.accountId}, ${Scope.format(code.scopes)},
                ${code.redirectUri}, ${code.challenge}, ${code.resource}, ${code.expiresAt})`)
    }),
    takeCode: Effect.fn("SqlOAuthStore.takeCode")(function*(hash, at) {
      const found = yield* storage(takeCode({ hash, at }))
      return Option.map(found, ({ firstUse, keyId, scopes, ...record }) => ({
        record: { ...record, scopes: Scope.parse(scopes) ?? [] },
        firstUse,
        keyId
      }))
    }),
    codeExchanged: Effect.fn("SqlOAuthStore.codeExchanged")(function*(hash, keyId) {
      yield* storage(sql`UPDATE oauth_codes SET key_id = ${keyId} WHERE hash = ${hash}`)
    }),
    addToken: Effect.fn("SqlOAuthStore.addToken")(function*(token) {
      yield* storage(sql`
        INSERT INTO oauth_tokens (hash, kind, key_id, account_id, client_id, resource, created_at, expires_at)
        VALUES (${token.hash}, ${token.kind}, ${token.keyId}, ${token.accountId}, ${token.clientId},
                ${token.resource}, ${token.createdAt}, ${token.expiresAt})`)
    }),
    takeRefreshToken: Effect.fn("SqlOAuthStore.takeRefreshToken")(function*(hash, at) {
      const found = yield* storage(takeRefresh({ hash, at }))
      return Option.map(
        found,
        ({ firstUse, usedAt: _usedAt, ...record }) => ({ record, firstUse, keyId: record.keyId })
      )
    }),
    // Untraced: authentication runs it on every request made with a token.
    findAccessToken: Effect.fnUntraced(function*(hash) {
      const rows = yield* storage(
        direct(sql`${sql.literal(AccessTokenRow.query)} WHERE t.hash = ${hash} AND t.kind = 'access'`)
      )
      return yield* firstOwner(rows)
    })
  })
})

export const layer = Layer.effect(OAuthStore, make)
