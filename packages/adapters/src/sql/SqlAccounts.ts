/** Accounts, plans and API keys in SQL; a key and its account are found in one query. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Account, AccountId, Accounts, ApiKey, ApiKeyId, Plan } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as KeyOwnerRow from "./KeyOwnerRow.js"
import * as RowCheck from "./RowCheck.js"
import * as SqlDirect from "./SqlDirect.js"
import { storage } from "./SqlFailure.js"
import { decodeAll, decodeFirst, Int8, NullableInt8 } from "./SqlRows.js"

const AccountRow = Schema.Struct({
  id: AccountId,
  plan: Plan.Plan,
  created_at: Int8,
  plan_changed_at: Int8
})
const toAccount = (row: typeof AccountRow.Type): Account.Account => ({
  id: row.id,
  plan: row.plan,
  createdAt: row.created_at,
  planChangedAt: row.plan_changed_at
})

const KeyRow = Schema.Struct({
  id: ApiKeyId,
  account_id: AccountId,
  label: Schema.String,
  masked: Schema.String,
  source: ApiKey.KeySource,
  created_at: Int8,
  revoked_at: NullableInt8
})
const toKey = (row: typeof KeyRow.Type): ApiKey.Info => ({
  id: row.id,
  accountId: row.account_id,
  label: row.label,
  masked: row.masked,
  source: row.source,
  createdAt: row.created_at,
  revokedAt: row.revoked_at
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const direct = yield* SqlDirect.make
  const firstAccount = decodeFirst(AccountRow)
  const firstKey = decodeFirst(KeyRow)
  const firstOwner = RowCheck.first(KeyOwnerRow.toKeyOwner)
  const allKeys = decodeAll(KeyRow)
  const allAccounts = decodeAll(AccountRow)

  return Accounts.of({
    create: Effect.fn("SqlAccounts.create")(function*(account) {
      yield* storage(sql`
        INSERT INTO accounts (id, plan, created_at, plan_changed_at)
        VALUES (${account.id}, ${account.plan}, ${account.createdAt}, ${account.planChangedAt})`)
    }),
    get: Effect.fn("SqlAccounts.get")(function*(id) {
      const rows = yield* storage(sql`SELECT id, plan, created_at, plan_changed_at FROM accounts WHERE id = ${id}`)
      return Option.map(yield* storage(firstAccount(rows)), toAccount)
    }),
    // Keyset paging on (created_at, id); an operator's listing, so no index of its own (a scan of accounts).
    list: Effect.fn("SqlAccounts.list")(function*({ after, limit }) {
      const rows = yield* storage(Option.match(after, {
        onNone: () => sql`
          SELECT id, plan, created_at, plan_changed_at FROM accounts
          ORDER BY created_at, id LIMIT ${limit}`,
        onSome: (id) => sql`
          SELECT a.id, a.plan, a.created_at, a.plan_changed_at FROM accounts a, accounts cursor
          WHERE cursor.id = ${id} AND (a.created_at, a.id) > (cursor.created_at, cursor.id)
          ORDER BY a.created_at, a.id LIMIT ${limit}`
      }))
      return (yield* storage(allAccounts(rows))).map(toAccount)
    }),
    setPlan: Effect.fn("SqlAccounts.setPlan")(function*(id, plan, at) {
      const rows = yield* storage(sql`
        UPDATE accounts SET plan = ${plan}, plan_changed_at = ${at}
        WHERE id = ${id}
        RETURNING id, plan, created_at, plan_changed_at`)
      return Option.map(yield* storage(firstAccount(rows)), toAccount)
    }),
    addKey: Effect.fn("SqlAccounts.addKey")(function*(key, hash) {
      yield* storage(sql`
        INSERT INTO api_keys (id, account_id, key_hash, label, masked, source, created_at, revoked_at)
        VALUES (${key.id}, ${key.accountId}, ${hash}, ${key.label}, ${key.masked}, ${key.source}, ${key.createdAt}, ${key.revokedAt})`)
    }),
    listKeys: Effect.fn("SqlAccounts.listKeys")(function*(id) {
      const rows = yield* storage(sql`
        SELECT id, account_id, label, masked, source, created_at, revoked_at FROM api_keys
        WHERE account_id = ${id} ORDER BY created_at, seq`)
      return (yield* storage(allKeys(rows))).map(toKey)
    }),
    revokeKey: Effect.fn("SqlAccounts.revokeKey")(function*(id, at) {
      const rows = yield* storage(sql`
        UPDATE api_keys SET revoked_at = coalesce(revoked_at, ${at}::bigint)
        WHERE id = ${id}
        RETURNING id, account_id, label, masked, source, created_at, revoked_at`)
      return Option.map(yield* storage(firstKey(rows)), toKey)
    }),
    // Untraced: authentication runs it on every request.
    findByKeyHash: Effect.fnUntraced(function*(hash) {
      const rows = yield* storage(direct(sql`${sql.literal(KeyOwnerRow.query)} WHERE k.key_hash = ${hash}`))
      return yield* firstOwner(rows)
    })
  })
})

export const layer = Layer.effect(Accounts, make)
