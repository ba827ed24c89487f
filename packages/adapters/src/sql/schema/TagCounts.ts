/**
 * The maintained tag counts (docs/lists.md, "Tag counts"): one row per account, tag key and spelling with how many
 * bookmarks carry that spelling among their effective tags and the newest of them (the spelling shown for a key is
 * the newest one's, as `Bookmarks.tags` always answered). Kept by statement triggers on `bookmarks`, so every write
 * (a save, an import batch, an edit, a completion, a retag, a merge, a delete, a cascade) updates the counts in its
 * own transaction without any write path having to remember it. Transition tables make one statement of 500 rows one
 * grouped update, not 500.
 */
import { Effect } from "effect"
import * as SqlClient from "effect/sql/SqlClient"

/**
 * A bookmark's (spelling, key) pairs. `tag_keys` holds `Tags.tagKey` of each effective tag in the same order (the
 * effective tags are de-duplicated by key, so the two arrays line up); the key is taken from there rather than
 * recomputed, because SQL's `lower` and JavaScript's `toLowerCase` differ on a few characters. Should the arrays ever
 * differ in length, `lower` is the fallback.
 */
const pairs = `CREATE FUNCTION tag_pairs(tags jsonb, keys text[]) RETURNS TABLE (tag text, key text)
  LANGUAGE sql IMMUTABLE AS $$
    SELECT e.tag, CASE WHEN jsonb_array_length(tags) = cardinality(keys) THEN keys[e.i] ELSE lower(e.tag) END
    FROM jsonb_array_elements_text(tags) WITH ORDINALITY AS e(tag, i)
  $$`

type Side = "o" | "n"
const table = (side: Side) => (side === "o" ? "old_rows" : "new_rows")

/**
 * The spellings one side brings (new rows) or takes away (old rows), per account and spelling: how many rows and the
 * newest of them. On an UPDATE only the spellings a row gained or lost count (compared with its other side), so an
 * edit that keeps a tag leaves its count and its newest alone.
 */
const grouped = (side: Side, update: boolean) =>
  `SELECT r.account_id, p.key, p.tag, count(*) AS n, max(r.created_at) AS latest
    FROM ${table(side)} r ${
    update
      ? `JOIN ${
        table(side === "o" ? "n" : "o")
      } x ON x.id = r.id AND x.effective_tags IS DISTINCT FROM r.effective_tags`
      : ""
  }
    CROSS JOIN LATERAL tag_pairs(r.effective_tags, r.tag_keys) p
    ${update ? "WHERE NOT (x.effective_tags ? p.tag)" : ""}
    GROUP BY r.account_id, p.key, p.tag`

/** What the new rows bring: counts up, the newest as a maximum. */
const add = (update: boolean) =>
  `INSERT INTO tag_counts AS c (account_id, key, tag, count, newest)
    SELECT account_id, key, tag, n, latest FROM (${grouped("n", update)}) g
  ON CONFLICT (account_id, key, tag) DO UPDATE
    SET count = c.count + EXCLUDED.count, newest = greatest(c.newest, EXCLUDED.newest)`

/**
 * What the old rows take away. An UPDATE of existing rows only: rows of an account being deleted may already be gone
 * (the cascade), and must not come back.
 */
const take = (update: boolean) =>
  `UPDATE tag_counts c SET count = c.count - g.n FROM (${grouped("o", update)}) g
    WHERE c.account_id = g.account_id AND c.key = g.key AND c.tag = g.tag`

/**
 * After the removals: spellings no bookmark carries any more go; where a removed bookmark may have been the newest of
 * its spelling, the newest is read again (the tag key's GIN index finds the bookmarks that still carry it).
 */
const settle = (update: boolean) =>
  `WITH gone AS (${grouped("o", update)}), dead AS (
    DELETE FROM tag_counts c USING gone g
    WHERE c.account_id = g.account_id AND c.key = g.key AND c.tag = g.tag AND c.count <= 0
  )
  UPDATE tag_counts c SET newest = coalesce((
      SELECT max(b.created_at) FROM bookmarks b
      WHERE b.account_id = c.account_id AND b.tag_keys @> ARRAY[c.key] AND b.effective_tags ? c.tag), 0)
  FROM gone g
  WHERE c.account_id = g.account_id AND c.key = g.key AND c.tag = g.tag AND c.count > 0 AND c.newest <= g.latest`

const trigger = `CREATE FUNCTION tag_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      ${add(false)};
    ELSIF TG_OP = 'DELETE' THEN
      ${take(false)};
      ${settle(false)};
    ELSE
      ${add(true)};
      ${take(true)};
      ${settle(true)};
    END IF;
    RETURN NULL;
  END
  $$`

export const tagCounts = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  for (
    const statement of [
      `CREATE TABLE tag_counts (
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        key text NOT NULL,
        tag text NOT NULL,
        count integer NOT NULL,
        newest bigint NOT NULL,
        PRIMARY KEY (account_id, key, tag)
      )`,
      pairs,
      trigger,
      // Transition tables allow one event per trigger, hence three.
      `CREATE TRIGGER tag_counts_insert AFTER INSERT ON bookmarks REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_change()`,
      `CREATE TRIGGER tag_counts_update AFTER UPDATE ON bookmarks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_change()`,
      `CREATE TRIGGER tag_counts_delete AFTER DELETE ON bookmarks REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_change()`,
      // The backfill: every bookmark saved before the table existed, in the migration's transaction.
      `INSERT INTO tag_counts (account_id, key, tag, count, newest)
        SELECT b.account_id, p.key, p.tag, count(*), max(b.created_at)
        FROM bookmarks b CROSS JOIN LATERAL tag_pairs(b.effective_tags, b.tag_keys) p
        GROUP BY b.account_id, p.key, p.tag`
    ]
  ) yield* sql.unsafe(statement)
})
