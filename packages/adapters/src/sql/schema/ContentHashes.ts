/**
 * Duplicates by content (docs/search.md, "Duplicates by content"): `content_hash` is `ContentHash.of` the page text,
 * written with every write of the text. The migration fills it for the rows saved before, by the same TypeScript
 * function (no second copy of the rule in SQL), a batch at a time in id order, before the index is built.
 */
import { ContentHash } from "@bookmark-library/domain"
import { Effect, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"

const batch = 500
const TextRows = Schema.Array(Schema.Struct({ id: Schema.String, text: Schema.String }))

export const contentHashes = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.unsafe(`ALTER TABLE bookmarks ADD COLUMN content_hash text NOT NULL DEFAULT ''`)
  let after = ""
  for (;;) {
    const rows = yield* Effect.flatMap(
      sql`SELECT id, page_text AS text FROM bookmarks WHERE id > ${after} ORDER BY id LIMIT ${batch}`,
      Schema.decodeUnknownEffect(TextRows)
    )
    const last = rows[rows.length - 1]
    if (last === undefined) break
    const hashed = rows.map((r) => ({ id: r.id, hash: ContentHash.of(r.text) })).filter((r) => r.hash !== "")
    if (hashed.length > 0) {
      yield* sql`
        UPDATE bookmarks b SET content_hash = v.hash
        FROM unnest(${hashed.map((r) => r.id)}::text[], ${hashed.map((r) => r.hash)}::text[]) AS v(id, hash)
        WHERE b.id = v.id`
    }
    after = last.id
  }
  yield* sql.unsafe(
    `CREATE INDEX bookmarks_content ON bookmarks (account_id, content_hash, created_at) WHERE content_hash <> ''`
  )
})
