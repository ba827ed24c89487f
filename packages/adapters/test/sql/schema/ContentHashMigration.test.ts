/** Migration 0094 fills the content hash of the bookmarks saved before it (docs/search.md, "Duplicates by content"). */
import { ContentHash } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"

const texts = ["", "too short", "A readable article, long enough to have a hash of its own. ".repeat(4)]
const Rows = Schema.Array(Schema.Struct({ text: Schema.String, hash: Schema.String }))

describe("migration 0094_content_hash", () => {
  it.live(
    "hashes every earlier bookmark's page text by the same rule as a save, in batches",
    () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* Migrations.runWith(Object.fromEntries(
          Object.entries(Migrations.migrations).filter(([name]) => name < "0094")
        ))
        yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES ('acc_h', 'free', 0, 0)`
        const count = 1_200
        yield* sql.unsafe(
          `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
          title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
          effective_title, effective_description, effective_note, effective_tags, tag_keys)
        SELECT 'bmk_' || lpad(i::text, 6, '0'), 'acc_h', '', 'api', i, 'ready', '', '[]', '', '', '', 'website', '',
          '', '', '', '[]', '{}', ($1::text[])[1 + i % 3], '', '', '', '[]', '{}'
        FROM generate_series(1, ${count}) AS i`,
          [texts]
        )
        expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("94_content_hash")
        const rows = yield* Schema.decodeUnknownEffect(Rows)(
          yield* sql`SELECT page_text AS text, content_hash AS hash FROM bookmarks`
        )
        expect(rows.length).toBe(count)
        for (const row of rows) expect(row.hash).toBe(ContentHash.of(row.text))
        expect(new Set(rows.map((r) => r.hash)).size).toBe(2)
      }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))),
    120_000
  )
})
