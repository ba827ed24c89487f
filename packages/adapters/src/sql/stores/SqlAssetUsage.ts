/**
 * The bytes each account keeps, in SQL: a counted asset and its account's count change in one statement, so the
 * count is always the sum of the counted assets (docs/preservation.md, "Storage used").
 */
import { type AccountId, type AssetId, AssetUsage } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const BytesRow = Row({ bytes: Int8 })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const used = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: BytesRow,
    execute: (accountId) => sql`SELECT bytes FROM account_storage WHERE account_id = ${accountId}`
  })

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
    })
  })
})

export const layer = Layer.effect(AssetUsage, make)
