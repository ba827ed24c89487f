/**
 * Hot path, hand-checked: see docs/architecture.md. `Bookmarks.tags` from the maintained `tag_counts`
 * (schema/TagCounts.ts; docs/lists.md, "Tag counts"): one entry per spelling, merged per key here, the newest
 * spelling shown. The `key` column is `Tags.tagKey` (taken from `tag_keys`), so nothing is lowercased again. At
 * 10,000 tags the SQL takes 2 ms; what cost was carrying 10,000 rows: grouping in SQL (`array_agg … ORDER BY` per
 * key), decoding each row with a schema and, on PGlite, materialising each row. The spellings come back as one JSON
 * value instead (PGlite's tags page: 254 → 87 ms at the median in two equal runs on the loaded bench machine).
 */
import type { AccountId, Tags } from "@bookmark-library/domain"
import { Effect } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import * as RowCheck from "../rows/RowCheck.js"

interface Spelling {
  readonly key: string
  readonly tag: string
  readonly count: number
  readonly newest: number
}

const spelling = (row: RowCheck.Row): Spelling => ({
  key: RowCheck.text(row, "key"),
  tag: RowCheck.text(row, "tag"),
  count: RowCheck.int8(row, "count"),
  newest: RowCheck.int8(row, "newest")
})

/** Per key: the counts added, the newest spelling kept; most used first, then by key (`Tags.byUse`). */
const merged = (rows: ReadonlyArray<Spelling>): Array<Tags.TagCount> => {
  const byKey = new Map<string, { key: string; tag: string; count: number; newest: number }>()
  for (const row of rows) {
    const seen = byKey.get(row.key)
    if (seen === undefined) byKey.set(row.key, { ...row })
    else {
      seen.count += row.count
      if (row.newest > seen.newest) {
        seen.tag = row.tag
        seen.newest = row.newest
      }
    }
  }
  return [...byKey.values()]
    .sort((a, b) => (a.count !== b.count ? b.count - a.count : a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ count, tag }) => ({ tag, count }))
}

/** One JSON value `[[key, tag, count, newest], …]` (the drivers parse `json`), checked as rows are. */
const spellings = (rows: ReadonlyArray<RowCheck.Row>): ReadonlyArray<Spelling> => {
  const value = rows[0]?.["spellings"] ?? []
  if (!Array.isArray(value)) throw new RowCheck.MalformedRow({ column: "spellings", value })
  return value.map((item: unknown) => {
    const [key, tag, count, newest] = Array.isArray(item) ? item : []
    return spelling({ key, tag, count, newest })
  })
}

export const read = (sql: SqlClient.SqlClient, accountId: AccountId) =>
  Effect.map(
    Effect.flatMap(
      sql`
        SELECT json_agg(json_build_array(key, tag, count, newest)) AS spellings
        FROM tag_counts WHERE account_id = ${accountId} AND count > 0`,
      (rows) => Effect.orDie(Effect.try(() => spellings(rows)))
    ),
    merged
  )
