/** Migration 0098 seeds each account's storage from the archived copies saved before it (docs/preservation.md). */
import { AccountId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"
import * as SqlAssetUsage from "../../../src/sql/stores/SqlAssetUsage.js"

const copy = (asset: string, bytes: number) =>
  JSON.stringify({ copy: { asset, takenAt: 1, bytes, contentType: "text/html", partial: "" }, problem: "" })

describe("migration 0098_asset_usage", () => {
  it.live(
    "counts every archived copy for its account; a copy's later deletion takes it off",
    () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* Migrations.runWith(Object.fromEntries(
          Object.entries(Migrations.migrations).filter(([name]) => name < "0098")
        ))
        for (const id of ["acc_a", "acc_b", "acc_c"]) {
          yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES (${id}, 'free', 0, 0)`
        }
        const archives = [
          ["acc_a", copy("a".repeat(32), 1_000)],
          ["acc_a", copy("b".repeat(32), 2_500_000_000)],
          [
            "acc_b",
            copy("c".repeat(32), 7)
          ],
          ["acc_b", JSON.stringify({ problem: "capture timed out after 20s" })],
          ["acc_c", null]
        ] as const
        let n = 0
        for (const [account, archive] of archives) {
          yield* sql.unsafe(
            `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
            title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
            effective_title, effective_description, effective_note, effective_tags, tag_keys, archive)
          VALUES ($1, $2, 'https://example.com/', 'api', $3, 'ready', '', '[]', '', '', '', 'website', '', '', '', '',
            '[]', '{}', '', '', '', '', '[]', '{}', $4::jsonb)`,
            [`bmk_${n}`, account, n++, archive]
          )
        }
        expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("98_asset_usage")
        const usage = yield* SqlAssetUsage.make
        expect(yield* usage.used(AccountId.make("acc_a"))).toBe(2_500_001_000)
        expect(yield* usage.used(AccountId.make("acc_b"))).toBe(7)
        expect(yield* usage.used(AccountId.make("acc_c"))).toBe(0)
        yield* usage.deleted("b".repeat(32) as never)
        expect(yield* usage.used(AccountId.make("acc_a"))).toBe(1_000)
      }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))),
    120_000
  )
})
