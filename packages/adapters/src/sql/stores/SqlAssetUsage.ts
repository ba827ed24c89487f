/**
 * The bytes each account keeps, in SQL: a counted asset and its account's count change in one statement, so the
 * count is always the sum of the counted assets (docs/preservation.md, "Storage used"). A recount writes its
 * findings, then locks the account's count row and sums in a later statement (module note at `recount`).
 */
import { type AccountId, AssetId, AssetUsage, type StorageRecount } from "@bookmark-library/domain"
import { Array as Arr, Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const BytesRow = Row({ bytes: Int8 })
const AssetRow = Row({ assetId: AssetId })

/** Rows written per statement of a recount. */
const chunk = 500

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const used = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: BytesRow,
    execute: (accountId) => sql`SELECT bytes FROM account_storage WHERE account_id = ${accountId}`
  })

  const counted = SqlSchema.findAll({
    Request: Schema.String,
    Result: AssetRow,
    execute: (accountId) => sql`SELECT asset_id FROM asset_usage WHERE account_id = ${accountId}`
  })

  const settle = SqlSchema.findAll({
    Request: Schema.String,
    Result: BytesRow,
    execute: (accountId) =>
      sql`
        UPDATE account_storage
        SET bytes = (SELECT COALESCE(SUM(bytes), 0) FROM asset_usage WHERE account_id = ${accountId})
        WHERE account_id = ${accountId}
        RETURNING bytes`
  })

  /**
   * The findings first, then the sum. Lock order is the one `stored` and `deleted` take (the asset's row, then the
   * account's count row), so none of them waits on the other in a cycle. The count row is locked by a statement of
   * its own: the sum after it (read committed: a fresh snapshot per statement) sees every count that committed
   * before the lock, and a count still running waits for the lock and adds its bytes to the new sum.
   */
  const recount = (accountId: AccountId, found: StorageRecount) =>
    sql.withTransaction(Effect.gen(function*() {
      for (const ids of Arr.chunksOf(found.remove, chunk)) {
        yield* sql`DELETE FROM asset_usage WHERE account_id = ${accountId} AND asset_id = ANY(${ids}::text[])`
      }
      for (const sized of Arr.chunksOf(found.resize, chunk)) {
        yield* sql`
          UPDATE asset_usage u SET bytes = v.bytes
          FROM unnest(${sized.map((s) => s.asset)}::text[], ${sized.map((s) => String(s.bytes))}::bigint[])
            AS v(asset_id, bytes)
          WHERE u.asset_id = v.asset_id AND u.account_id = ${accountId}`
      }
      for (const sized of Arr.chunksOf(found.add, chunk)) {
        yield* sql`
          INSERT INTO asset_usage (asset_id, account_id, bytes)
          SELECT v.asset_id, ${accountId}, v.bytes
          FROM unnest(${sized.map((s) => s.asset)}::text[], ${sized.map((s) => String(s.bytes))}::bigint[])
            AS v(asset_id, bytes)
          ON CONFLICT (asset_id) DO NOTHING`
      }
      yield* sql`
        INSERT INTO account_storage (account_id, bytes) VALUES (${accountId}, 0) ON CONFLICT (account_id) DO NOTHING`
      yield* sql`SELECT bytes FROM account_storage WHERE account_id = ${accountId} FOR UPDATE`
      return yield* settle(accountId)
    }))

  return AssetUsage.of({
    // The asset row is inserted first: a second count of one id inserts nothing, so it adds nothing.
    stored: Effect.fn("SqlAssetUsage.stored")(function*(asset: AssetId, accountId: AccountId, bytes: number) {
      yield* storage(sql`
        WITH counted AS (
          INSERT INTO asset_usage (asset_id, account_id, bytes) VALUES (${asset}, ${accountId}, ${bytes})
          ON CONFLICT (asset_id) DO NOTHING
          RETURNING account_id, bytes
        )
        INSERT INTO account_storage (account_id, bytes) SELECT account_id, bytes FROM counted
        ON CONFLICT (account_id) DO UPDATE SET bytes = account_storage.bytes + excluded.bytes`)
    }),
    deleted: Effect.fn("SqlAssetUsage.deleted")(function*(asset: AssetId) {
      yield* storage(sql`
        WITH gone AS (DELETE FROM asset_usage WHERE asset_id = ${asset} RETURNING account_id, bytes)
        UPDATE account_storage SET bytes = account_storage.bytes - gone.bytes
        FROM gone WHERE account_storage.account_id = gone.account_id`)
    }),
    used: Effect.fn("SqlAssetUsage.used")(function*(accountId: AccountId) {
      return Option.match(yield* storage(used(accountId)), { onNone: () => 0, onSome: (row) => row.bytes })
    }),
    counted: Effect.fn("SqlAssetUsage.counted")(function*(accountId: AccountId) {
      return (yield* storage(counted(accountId))).map((row) => row.assetId)
    }),
    recount: Effect.fn("SqlAssetUsage.recount")(function*(accountId: AccountId, found: StorageRecount) {
      const rows = yield* storage(recount(accountId, found))
      return rows[0]?.bytes ?? 0
    })
  })
})

export const layer = Layer.effect(AssetUsage, make)
