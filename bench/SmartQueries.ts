/**
 * The search language at scale (docs/search.md): server time of `GET /bookmarks?q=` for queries of three operators,
 * `is:duplicate` and a duplicates-free walk, in one account of `rows` seeded bookmarks (default 100,000), on Postgres.
 * Seeded rows get the columns of migration 0070 by SQL (site key, canonical URL, states) the way a save writes them;
 * one bookmark in 50 is saved twice (same canonical URL), one in 7 is a favourite, one in 3 archived.
 */
import { Client } from "pg"
import type * as Processes from "./Processes.js"
import * as Section from "./Section.js"
import * as Seed from "./Seed.js"
import * as Vocabulary from "./Vocabulary.js"

export interface Figures {
  readonly rows: number
  readonly byQuery: ReadonlyArray<
    { readonly name: string; readonly p50: number; readonly p95: number; readonly n: number }
  >
}

/** The columns a save writes, for rows seeded straight into the table (Seed.seedRows predates them). */
const fillSearchColumns = async (databaseUrl: string, accountId: string) => {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // URLs are https://site<k>.example/<word>/<i>: the site key is example.site<k>., the canonical form the rest.
    await client.query(
      `UPDATE bookmarks SET
        site_key = 'example.' || split_part(split_part(url, '/', 3), '.', 1) || '.',
        canonical_url = regexp_replace(url, '^https?://', ''),
        favourite = (created_at / 1000) % 7 = 0,
        archived = (created_at / 1000) % 3 = 0
      WHERE account_id = $1`,
      [accountId]
    )
    // One in 50 saved again under another spelling of the same page (http, www., a tracking parameter).
    await client.query(
      `INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
        title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
        effective_title, effective_description, effective_note, effective_tags, tag_keys, canonical_url, site_key,
        favourite, archived)
      SELECT id || 'd', account_id, replace(url, 'https://', 'http://www.') || '?utm_source=bench', source,
        created_at + 1, status, processing_error, caller_tags, note, title, description, type, image, favicon,
        screenshot, summary, derived_tags, overrides, '', effective_title, effective_description, effective_note,
        effective_tags, tag_keys, canonical_url, site_key, false, false
      FROM bookmarks WHERE account_id = $1 AND (created_at / 1000) % 50 = 0`,
      [accountId]
    )
    await client.query("VACUUM ANALYZE bookmarks")
  } finally {
    await client.end()
  }
}

export const run = async (
  log: (line: string) => void,
  service: Processes.Child,
  databaseUrl: string,
  adminToken: string,
  rows: number,
  queriesPerKind: number
): Promise<Figures> => {
  const big = await Seed.account(service.baseUrl, adminToken)
  log(`  seeding ${rows.toLocaleString("en")} bookmarks into one account…`)
  await Seed.seedRows(databaseUrl, big.id, rows, log)
  await fillSearchColumns(databaseUrl, big.id)
  const random = Vocabulary.seeded(2026)
  const words = Vocabulary.queryWords(queriesPerKind * 3, random).map((w) => w.q)
  const pick = () => words[Math.floor(random() * words.length)] ?? "page"
  const site = () => `site${Math.floor(random() * 5000)}.example`
  const kinds: ReadonlyArray<readonly [string, () => string]> = [
    ["#tag site: -is:archived", () => `#${pick()} site:example -is:archived`],
    ["word #tag is:unread", () => `${pick()} #${pick()} is:unread`],
    ["site: is:favourite before:", () => `site:${site()} is:favourite before:2020-01-02`],
    ["(#a OR #b) -is:archived", () => `(#${pick()} OR #${pick()}) -is:archived`],
    ["is:duplicate", () => "is:duplicate"],
    ["is:duplicate site:", () => `is:duplicate site:${site()}`]
  ]
  const time = async (q: string) => {
    const started = performance.now()
    const response = await fetch(`${service.baseUrl}/v1/api/bookmarks?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${big.key}` }
    })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`search ${q}: ${response.status} ${text}`)
    return performance.now() - started
  }
  for (const [, make] of kinds) await time(make())
  const byQuery = []
  for (const [name, make] of kinds) {
    const ms: Array<number> = []
    for (let i = 0; i < queriesPerKind; i++) ms.push(await time(make()))
    const figures = { name, n: ms.length, p50: Section.percentile(ms, 50), p95: Section.percentile(ms, 95) }
    log(`    ${name.padEnd(28)} p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  (n ${ms.length})`)
    byQuery.push(figures)
  }
  return { rows, byQuery }
}

export const render = (figures: Figures): ReadonlyArray<string> => [
  `## Smart queries (search language) over ${figures.rows.toLocaleString("en")} bookmarks in one account`,
  "",
  "Round-trip time of `GET /v1/api/bookmarks?q=…` (limit 50) on Postgres, one request at a time.",
  "",
  "| query | p50 ms | p95 ms | n |",
  "| --- | ---: | ---: | ---: |",
  ...figures.byQuery.map((q) => `| \`${q.name}\` | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.n} |`)
]
