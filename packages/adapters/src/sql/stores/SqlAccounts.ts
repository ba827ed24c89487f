/** Accounts, plans and API keys in SQL; a key and its account are found in one query. */
import { AccountId, Accounts, ApiKey, ApiKeyId, Plan } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import * as SqlDirect from "../clients/SqlDirect.js"
import { storage } from "../clients/SqlFailure.js"
import * as KeyOwnerRow from "../rows/KeyOwnerRow.js"
import * as RowCheck from "../rows/RowCheck.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"
import * as ScopesColumn from "../rows/ScopesColumn.js"

const AccountRow = Row({
  id: AccountId,
  plan: Plan.Plan,
  createdAt: Int8,
  planChangedAt: Int8
})

const KeyRow = Row({
  id: ApiKeyId,
  accountId: AccountId,
  label: Schema.String,
  masked: Schema.String,
  source: ApiKey.KeySource,
  scopes: ScopesColumn.ScopesColumn,
  createdAt: Int8,
  revokedAt: NullableInt8
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const direct = yield* SqlDirect.make
  const firstOwner = RowCheck.first(KeyOwnerRow.toKeyOwner)

  const findAccount = SqlSchema.findOneOption({
    Request: AccountId,
    Result: AccountRow,
    execute: (id) => sql`SELECT id, plan, created_at, plan_changed_at FROM accounts WHERE id = ${id}`
  })

  // Keyset paging on (created_at, id); an operator's listing, so no index of its own (a scan of accounts).
  const listAccounts = SqlSchema.findAll({
    Request: Schema.Struct({ after: Schema.Option(AccountId), limit: Schema.Number }),
    Result: AccountRow,
    execute: ({ after, limit }) =>
      Option.match(after, {
        onNone: () =>
          sql`
          SELECT id, plan, created_at, plan_changed_at FROM accounts
          ORDER BY created_at, id LIMIT ${limit}`,
        onSome: (id) =>
          sql`
          SELECT a.id, a.plan, a.created_at, a.plan_changed_at FROM accounts a, accounts cursor
          WHERE cursor.id = ${id} AND (a.created_at, a.id) > (cursor.created_at, cursor.id)
          ORDER BY a.created_at, a.id LIMIT ${limit}`
      })
  })

  const setPlan = SqlSchema.findOneOption({
    Request: Schema.Struct({ id: AccountId, plan: Plan.Plan, at: Schema.Number }),
    Result: AccountRow,
    execute: ({ at, id, plan }) =>
      sql`
      UPDATE accounts SET plan = ${plan}, plan_changed_at = ${at}
      WHERE id = ${id}
      RETURNING id, plan, created_at, plan_changed_at`
  })

  const listKeys = SqlSchema.findAll({
    Request: AccountId,
    Result: KeyRow,
    execute: (id) =>
      sql`
      SELECT id, account_id, label, masked, source, scopes, created_at, revoked_at FROM api_keys
      WHERE account_id = ${id} ORDER BY created_at, seq`
  })

  const revokeKey = SqlSchema.findOneOption({
    Request: Schema.Struct({ id: ApiKeyId, at: Schema.Number }),
    Result: KeyRow,
    execute: ({ at, id }) =>
      sql`
      UPDATE api_keys SET revoked_at = coalesce(revoked_at, ${at}::bigint)
      WHERE id = ${id}
      RETURNING id, account_id, label, masked, source, scopes, created_at, revoked_at`
  })

  return Accounts.of({
    create: Effect.fn("SqlAccounts.create")(function*(account) {
      yield* storage(sql`
        INSERT INTO accounts (id, plan, created_at, plan_changed_at)
        VALUES (${account.id}, ${account.plan}, ${account.createdAt}, ${account.planChangedAt})`)
    }),
    get: Effect.fn("SqlAccounts.get")(function*(id) {
      return yield* storage(findAccount(id))
    }),
    list: Effect.fn("SqlAccounts.list")(function*(page) {
      return yield* storage(listAccounts(page))
    }),
    setPlan: Effect.fn("SqlAccounts.setPlan")(function*(id, plan, at) {
      return yield* storage(setPlan({ id, plan, at }))
    }),
    addKey: Effect.fn("SqlAccounts.addKey")(function*(key, hash) {
      yield* storage(sql`
        INSERT INTO api_keys (id, account_id, key_hash, label, masked, source, scopes, created_at, revoked_at)
        VALUES (${key.id}, ${key.accountId}, ${hash}, ${key.label}, ${key.masked}, ${key.source},
                ${ScopesColumn.toColumn(key.scopes)}, ${key.createdAt}, ${key.revokedAt})`)
    }),
    listKeys: Effect.fn("SqlAccounts.listKeys")(function*(id) {
      return yield* storage(listKeys(id))
    }),
    revokeKey: Effect.fn("SqlAccounts.revokeKey")(function*(id, at) {
      return yield* storage(revokeKey({ id, at }))
    }),
    // Untraced: authentication runs it on every request.
    findByKeyHash: Effect.fnUntraced(function*(hash) {
      const rows = yield* storage(direct(sql`${sql.literal(KeyOwnerRow.query)} WHERE k.key_hash = ${hash}`))
      return yield* firstOwner(rows)
    })
  })
})

export const layer = Layer.effect(Accounts, make)
