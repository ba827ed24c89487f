/**
 * A recount on SQL sets a count written wrong straight into `account_storage` back to the sum of the account's
 * counted assets (docs/preservation.md, "Recount"); migration 0102 adds the index it reads by.
 */
import { AccountId, AssetId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"
import * as SqlAssetUsage from "../../../src/sql/stores/SqlAssetUsage.js"

describe("migration 0102 and SqlAssetUsage.recount", () => {
  it.live(
    "sets a count written wrong in SQL back to the sum of the counted assets, read by the account index",
    () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("102_asset_usage_by_account")
        for (const id of ["acc_a", "acc_b"]) {
          yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES (${id}, 'free', 0, 0)`
        }
        const usage = yield* SqlAssetUsage.make
        const a = AccountId.make("acc_a")
        yield* usage.stored(AssetId.make("a".repeat(32)), a, 1_000)
        yield* usage.stored(AssetId.make("b".repeat(32)), a, 3_000_000_000)
        yield* usage.stored(AssetId.make("c".repeat(32)), AccountId.make("acc_b"), 5)
        yield* sql`UPDATE account_storage SET bytes = 42 WHERE account_id = 'acc_a'`
        expect(yield* usage.used(a)).toBe(42)
        expect(yield* usage.recount(a, { add: [], resize: [], remove: [] })).toBe(3_000_001_000)
        expect(yield* usage.used(a)).toBe(3_000_001_000)
        expect(yield* usage.used(AccountId.make("acc_b"))).toBe(5)
        const indexes = yield* sql<{ indexname: string }>`
          SELECT indexname FROM pg_indexes WHERE tablename = 'asset_usage' ORDER BY indexname`
        expect(indexes.map((row) => row.indexname)).toContain("asset_usage_account")
      }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))),
    120_000
  )
})
