/** Migration 0070 fills the canonical URL and site key of the bookmarks saved before it (docs/search.md). */
import { CanonicalUrl } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"

const urls = [
  "https://www.example.com/a/?utm_source=x",
  "http://example.com/a#top",
  "",
  "https://blog.example.org/post?b=2&a=1"
]

const Rows = Schema.Array(Schema.Struct({
  url: Schema.String,
  canonical: Schema.String,
  site: Schema.String,
  favourite: Schema.Boolean
}))

describe("migration 0070_search_columns", () => {
  it.live("backfills every earlier bookmark by the same rule as a save, in batches", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const before = Object.fromEntries(
        Object.entries(Migrations.migrations).filter(([name]) => name < "0070")
      )
      yield* Migrations.runWith(before)
      yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES ('acc_m', 'free', 0, 0)`
      // More rows than one backfill batch, so the batches are walked.
      const count = 2_300
      yield* sql.unsafe(
        `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
          title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
          effective_title, effective_description, effective_note, effective_tags, tag_keys)
        SELECT 'bmk_' || lpad(i::text, 6, '0'), 'acc_m', ($1::text[])[1 + i % 4], 'api', i, 'ready', '', '[]', '',
          '', '', 'website', '', '', '', '', '[]', '{}', '', '', '', '', '[]', '{}'
        FROM generate_series(1, ${count}) AS i`,
        [urls]
      )
      expect((yield* Migrations.run).map(([n, name]) => `${n}_${name}`)).toContain("70_search_columns")
      const rows = yield* Schema.decodeUnknownEffect(Rows)(
        yield* sql`SELECT url, canonical_url AS canonical, site_key AS site, favourite FROM bookmarks ORDER BY created_at`
      )
      expect(rows.length).toBe(count)
      for (const row of rows) {
        expect(row).toEqual({
          url: row.url,
          canonical: CanonicalUrl.canonical(row.url),
          site: CanonicalUrl.siteKey(CanonicalUrl.site(row.url)),
          favourite: false
        })
      }
      expect(new Set(rows.map((r) => r.canonical))).toEqual(
        new Set(["example.com/a", "", "blog.example.org/post?a=1&b=2"])
      )
    }).pipe(Effect.provide(Layer.orDie(PgliteClient.layer()))), 120_000)
})
