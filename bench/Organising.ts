/**
 * The organising features at scale (docs/lists.md, docs/search.md), in process through the SQL adapters, on PGlite
 * and on Postgres: one account of `rows` bookmarks with 5 tags each out of `tags` distinct, `lists` lists of 500
 * members (one in ten nested under the one before), one bookmark in 50 saved twice. Measures, one call at a time:
 * a list's page, `list:"…"` in the library, a smart list of three operators, `is:duplicate`, `(#a OR #b)
 * -is:archived`, the tags page (first, deep and filtered) and a merge of 50 duplicates. Seeding is SQL
 * (generate_series), so it takes seconds on Postgres and a few minutes on PGlite.
 * `npm run bench -- --only=organising [--organising-rows=N]`, or
 * `node --conditions=@bookmark-library/source --import tsx bench/Organising.ts [rows] [pglite,postgres]`.
 */
import { type AccountId, type BookmarkId, Bookmarks, ListId, Lists, Pagination } from "@bookmark-library/domain"
import { tagsPage } from "@bookmark-library/domain/usecases/index"
import { Effect, Layer, Option, Redacted, Result } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { Client } from "pg"
import * as PgliteClient from "../packages/adapters/src/sql/clients/PgliteClient.js"
import * as PostgresClient from "../packages/adapters/src/sql/clients/PostgresClient.js"
import * as Migrations from "../packages/adapters/src/sql/schema/Migrations.js"
import * as SqlStorage from "../packages/adapters/src/sql/SqlStorage.js"

const rows = Number(process.argv[2] ?? 100_000)
const engines = (process.argv[3] ?? "pglite,postgres").split(",")
const tagCount = 10_000
const listCount = 200
const perList = 500
const runs = 30
const accountId = "acc_organising" as AccountId
const databaseBase = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"

/** The library, in SQL: tags `t<n>` drawn by co-prime strides, so every tag is used and counts vary. */
const seed = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES (${accountId}, 'pro', 0, 0)`
  const tag = (stride: number, offset: number) => `'t' || ((i * ${stride} + ${offset}) % ${tagCount})`
  const tags = [tag(1, 0), tag(7, 1), tag(13, 2), tag(31, 3), tag(97, 4)]
  yield* sql.unsafe(`
    INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
      title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
      effective_title, effective_description, effective_note, effective_tags, tag_keys, canonical_url, site_key,
      favourite, archived)
    SELECT 'bmk_o' || lpad(i::text, 9, '0'), '${accountId}', u.url, 'api', 1000000 + i * 1000, 'ready', '',
      '[]', '', 'Page ' || i, '', 'article', '', '', '', '', '[]', '{}', '', 'Page ' || i, '', '',
      jsonb_build_array(${tags.join(", ")}), ARRAY[${tags.join(", ")}],
      u.canonical, 'example.site' || (p.n % 5000) || '.', i % 7 = 0, i % 3 = 0
    FROM generate_series(1, ${rows}) AS i
    CROSS JOIN LATERAL (SELECT CASE WHEN i % 50 = 1 THEN i - 1 ELSE i END AS n) p
    CROSS JOIN LATERAL (SELECT
      'https://site' || (p.n % 5000) || '.example/p/' || p.n || CASE WHEN p.n = i THEN '' ELSE '?utm_source=x' END
        AS url,
      'site' || (p.n % 5000) || '.example/p/' || p.n AS canonical) u`)
  yield* sql.unsafe(`
    INSERT INTO lists (id, account_id, name, name_key, parent_id, created_at)
    SELECT 'lst_o' || l, '${accountId}', 'List ' || l, 'list ' || l,
      CASE WHEN l % 10 = 1 THEN 'lst_o' || (l - 1) END, l
    FROM generate_series(0, ${listCount - 1}) AS l`)
  yield* sql.unsafe(`
    INSERT INTO list_items (list_id, bookmark_id, created_at, added_at)
    SELECT 'lst_o' || l, 'bmk_o' || lpad(n::text, 9, '0'), 1000000 + n * 1000, 0
    FROM generate_series(0, ${listCount - 1}) AS l, generate_series(0, ${perList - 1}) AS j,
      LATERAL (SELECT 1 + ((l * ${perList} + j) * 7919) % ${rows} AS n) m
    ON CONFLICT DO NOTHING`)
  yield* sql.unsafe("ANALYZE")
})

/** 50 bookmarks of one canonical URL, for one merge. */
const fifty = (round: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(`
      INSERT INTO bookmarks (id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
        title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
        effective_title, effective_description, effective_note, effective_tags, tag_keys, canonical_url, site_key)
      SELECT 'bmk_m${round}_' || i, '${accountId}', 'https://merge.example/${round}?v=' || i, 'api',
        2000000000 + ${round} * 100 + i, 'ready', '', '[]', 'note ' || i, '', '', 'website', '', '', '', '', '[]',
        '{}', '', '', '', 'note ' || i, jsonb_build_array('m' || i, 't1'), ARRAY['m' || i, 't1'],
        'merge.example/${round}', 'example.merge.'
      FROM generate_series(1, 50) AS i`)
    return Array.from({ length: 50 }, (_, i) => `bmk_m${round}_${i + 1}` as BookmarkId)
  })

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

const query = (q: string, limit = 30) => Result.getOrThrow(Pagination.parseListQuery({ q, limit: String(limit) }))

const measure = Effect.gen(function*() {
  const bookmarks = yield* Bookmarks
  const lists = yield* Lists
  const pick = (n: number) => Math.floor(Math.random() * n)
  const cases: ReadonlyArray<readonly [string, () => Effect.Effect<unknown, unknown, Bookmarks | Lists>]> = [
    [
      "a list's page (30)",
      () => lists.page(ListId.make(`lst_o${pick(listCount)}`), { limit: 30, before: Option.none() })
    ],
    ["library: list:\"…\" (with sublists)", () => bookmarks.list(accountId, query(`list:"List ${pick(listCount)}"`))],
    [
      "smart list: list: #tag -is:archived",
      () => bookmarks.list(accountId, query(`list:"List ${pick(listCount)}" #t${pick(tagCount)} -is:archived`))
    ],
    [
      "smart list: #tag site: -is:archived",
      () => bookmarks.list(accountId, query(`#t${pick(tagCount)} site:example -is:archived`))
    ],
    ["is:duplicate", () => bookmarks.list(accountId, query("is:duplicate"))],
    [
      "(#a OR #b) -is:archived",
      () => bookmarks.list(accountId, query(`(#t${pick(tagCount)} OR #t${pick(tagCount)}) -is:archived`))
    ],
    ["all tags with counts (Bookmarks.tags)", () => bookmarks.tags(accountId)],
    ["tags page 1", () => tagsPage(accountId, 1)],
    ["tags page 50", () => tagsPage(accountId, 50)],
    ["tags page, filtered", () => tagsPage(accountId, 1, `t${pick(100)}`)]
  ]
  const out: Array<{ name: string; p50: number; p95: number; n: number }> = []
  for (const [name, make] of cases) {
    yield* make()
    const ms: Array<number> = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      yield* make()
      ms.push(performance.now() - started)
    }
    out.push({ name, p50: percentile(ms, 50), p95: percentile(ms, 95), n: ms.length })
  }
  const merges: Array<number> = []
  for (let round = 0; round < 10; round++) {
    const ids = yield* fifty(round)
    const started = performance.now()
    const merged = yield* bookmarks.merge(accountId, ids)
    merges.push(performance.now() - started)
    if (Option.isNone(merged)) throw new Error("the merge of 50 did nothing")
  }
  out.push({ name: "merge of 50 duplicates", p50: percentile(merges, 50), p95: percentile(merges, 95), n: 10 })
  return out
})

const runOn = async (engine: string) => {
  let drop = async () => {}
  let client: Layer.Layer<SqlClient.SqlClient, unknown, never>
  if (engine === "postgres") {
    const name = `bench_org_${Date.now().toString(36)}`
    console.error(`  database ${name}`)
    const admin = new Client({ connectionString: databaseBase })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(databaseBase)
    url.pathname = `/${name}`
    drop = async () => {
      const c = new Client({ connectionString: databaseBase })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    }
    client = PostgresClient.layer({ url: Redacted.make(url.href) }) as never
  } else {
    client = PgliteClient.layer({ maintenanceInterval: "1 hour" }) as never
  }
  const layer = Layer.provideMerge(SqlStorage.layer, Layer.provideMerge(Migrations.layer, client)) as Layer.Layer<
    Bookmarks | Lists | SqlClient.SqlClient
  >
  try {
    return await Effect.runPromise(
      Effect.gen(function*() {
        const started = performance.now()
        yield* seed
        const seeded = (performance.now() - started) / 1000
        return { engine, seeded, figures: yield* measure }
      }).pipe(Effect.provide(layer))
    )
  } finally {
    // BENCH_KEEP=1 leaves the Postgres database for a look with psql (its name is printed).
    if (process.env["BENCH_KEEP"] === "1") console.error(`  kept the database (${engine})`)
    else await drop()
  }
}

const lines: Array<string> = [
  `## Organising at scale: ${rows.toLocaleString("en")} bookmarks, ${tagCount.toLocaleString("en")} tags, ` +
  `${listCount} lists of ${perList}`,
  "",
  "In process through the SQL adapters, one call at a time (bench/Organising.ts); milliseconds.",
  "",
  "| engine | operation | p50 | p95 | n |",
  "| --- | --- | ---: | ---: | ---: |"
]
for (const engine of engines) {
  const result = await runOn(engine)
  console.error(`  ${engine}: seeded in ${result.seeded.toFixed(0)} s`)
  for (const f of result.figures) {
    lines.push(`| ${engine} | ${f.name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.n} |`)
  }
}
console.log(lines.join("\n"))
