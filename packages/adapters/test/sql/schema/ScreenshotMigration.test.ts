/**
 * Migration 0002 turns the absolute screenshot links bookmarks stored into asset ids (docs/decisions.md, "Asset
 * links").
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"

const id = "0123456789abcdef0123456789abcdef"
const stored = [
  ["bmk_link", `http://127.0.0.1:3000/v1/api/assets/${id}`, id],
  ["bmk_public", `https://bookmarks.example.com/base/v1/api/assets/${id.replace("0", "f")}`, id.replace("0", "f")],
  ["bmk_none", "", ""],
  ["bmk_id", id, id],
  ["bmk_foreign", "https://elsewhere.example.com/shot.jpg", ""]
] as const

const Rows = Schema.Array(Schema.Struct({ id: Schema.String, screenshot: Schema.String }))

describe("migration 0002_screenshot_asset_ids", () => {
  it.live("keeps the asset id of every stored screenshot link, and '' for anything else", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* Migrations.runWith({ "0001_initial": Migrations.migrations["0001_initial"] ?? Effect.void })
      yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES ('acc_m', 'free', 0, 0)`
      for (const [bookmark, screenshot] of stored) {
        yield* sql.unsafe(
          `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
            title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
            effective_title, effective_description, effective_note, effective_tags, tag_keys)
          VALUES ($1, 'acc_m', 'https://example.com/', 'api', $2, 'ready', '', '[]', '', '', '', 'website', '', '', $3,
            '', '[]', '{}', '', '', '', '', '[]', '{}')`,
          [bookmark, stored.findIndex(([b]) => b === bookmark), screenshot]
        )
      }
      expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("2_screenshot_asset_ids")
      const rows = yield* Schema.decodeUnknownEffect(Rows)(
        yield* sql`SELECT id, screenshot FROM bookmarks ORDER BY created_at`
      )
      expect(rows.map((r) => [r.id, r.screenshot])).toEqual(stored.map(([bookmark, , after]) => [bookmark, after]))
    }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))), 120_000)
})
