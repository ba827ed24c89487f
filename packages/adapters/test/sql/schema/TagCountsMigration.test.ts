/** Migration 0093 counts the tags of every bookmark saved before it, then triggers keep the counts (docs/lists.md). */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"

const Rows = Schema.Array(Schema.Struct({
  account: Schema.String,
  key: Schema.String,
  tag: Schema.String,
  count: Schema.Number,
  newest: Schema.Union([Schema.Number, Schema.String])
}))

/** Each bookmark's effective tags, as a save writes them (keys: `Tags.tagKey` of each, in order). */
const saved: ReadonlyArray<readonly [string, number, ReadonlyArray<string>]> = [
  ["acc_a", 1, ["Rust", "web"]],
  ["acc_a", 2, ["rust"]],
  ["acc_a", 3, ["RUST", "Ünïcode"]],
  ["acc_b", 4, ["rust"]]
]

describe("migration 0093_tag_counts", () => {
  it.live(
    "backfills the counts per spelling of every earlier bookmark; later writes keep them",
    () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* Migrations.runWith(Object.fromEntries(
          Object.entries(Migrations.migrations).filter(([name]) => name < "0093")
        ))
        yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES ('acc_a', 'free', 0, 0),
        ('acc_b', 'free', 0, 0)`
        for (const [account, at, tags] of saved) {
          yield* sql.unsafe(
            `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
            title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
            effective_title, effective_description, effective_note, effective_tags, tag_keys)
          VALUES ($1, $2, '', 'api', $3, 'ready', '', '[]', '', '', '', 'website', '', '', '', '', '[]', '{}', '', '',
            '', '', $4::jsonb, $5::text[])`,
            [`bmk_${at}`, account, at, JSON.stringify(tags), tags.map((t) => t.toLowerCase())]
          )
        }
        expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("93_tag_counts")
        const counts = Effect.flatMap(
          sql`SELECT account_id AS account, key, tag, count, newest FROM tag_counts ORDER BY account_id, key, tag`,
          Schema.decodeUnknownEffect(Rows)
        )
        const row = (account: string, key: string, tag: string, count: number, newest: number) => ({
          account,
          key,
          tag,
          count,
          newest: expect.toSatisfy((v) => Number(v) === newest)
        })
        expect(yield* counts).toEqual([
          row("acc_a", "rust", "RUST", 1, 3),
          row("acc_a", "rust", "Rust", 1, 1),
          row("acc_a", "rust", "rust", 1, 2),
          row("acc_a", "web", "web", 1, 1),
          row("acc_a", "ünïcode", "Ünïcode", 1, 3),
          row("acc_b", "rust", "rust", 1, 4)
        ])
        // A later edit and a delete, straight in SQL: the triggers follow.
        yield* sql`UPDATE bookmarks SET effective_tags = '["web"]'::jsonb, tag_keys = '{web}' WHERE id = 'bmk_3'`
        yield* sql`DELETE FROM bookmarks WHERE id = 'bmk_1'`
        expect(yield* counts).toEqual([
          row("acc_a", "rust", "rust", 1, 2),
          row("acc_a", "web", "web", 1, 3),
          row("acc_b", "rust", "rust", 1, 4)
        ])
      }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))),
    120_000
  )
})
