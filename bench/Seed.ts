/**
 * Libraries for the benchmark: accounts and keys through the admin API, small libraries through the public API,
 * and a million rows in one account straight into Postgres (INSERT … SELECT generate_series, the real schema).
 */
import { Client } from "pg"
import * as Vocabulary from "./Vocabulary.js"

const admin = async <A>(baseUrl: string, token: string, path: string, body: unknown): Promise<A> => {
  const response = await fetch(`${baseUrl}/admin${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  if (response.status !== 201) throw new Error(`admin ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as A
}

/** A new account on `plan` with one key. */
export const account = async (baseUrl: string, adminToken: string, plan: "free" | "plus" | "ultra" = "ultra") => {
  const created = await admin<{ id: string }>(baseUrl, adminToken, "/accounts", { plan })
  const key = await admin<{ key: string }>(baseUrl, adminToken, `/accounts/${created.id}/keys`, { label: "bench" })
  return { id: created.id, key: key.key }
}

/**
 * The web app's first user, claimed from loopback (`POST /first-run`): the session cookie, and an API key of its
 * account (the oldest account: call this before making any other) to fill its library.
 */
export const webUser = async (baseUrl: string, adminToken: string) => {
  const form = new URLSearchParams({
    email: "bench@example.com",
    password: `bench-${Math.random().toString(36).slice(2)}-Pw1!`
  })
  const response = await fetch(`${baseUrl}/first-run`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: form.toString()
  })
  await response.arrayBuffer()
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  if (response.status !== 303 && response.status !== 302 || !cookie.includes("=")) {
    throw new Error(`first-run: ${response.status}, no session cookie`)
  }
  const listed = await fetch(`${baseUrl}/admin/accounts?limit=1`, {
    headers: { authorization: `Bearer ${adminToken}` }
  })
  const page = await listed.json() as { accounts: ReadonlyArray<{ id: string }> }
  const accountId = page.accounts[0]?.id
  if (accountId === undefined) throw new Error("first-run: no account")
  const plan = await fetch(`${baseUrl}/admin/accounts/${accountId}/plan`, {
    method: "PUT",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ plan: "ultra" })
  })
  if (plan.status !== 200) throw new Error(`first-run: plan ${plan.status} ${await plan.text()}`)
  const key = await admin<{ key: string }>(baseUrl, adminToken, `/accounts/${accountId}/keys`, { label: "bench web" })
  return { cookie, key: key.key }
}

/** A save as a client sends it; the URL is on loopback's discard port, so nothing is ever fetched. */
export const saveBody = (random: () => number = Math.random) =>
  JSON.stringify({
    url: `http://127.0.0.1:9/${Vocabulary.draw(random)}/${Math.floor(random() * 1e9)}`,
    tags: [Vocabulary.draw(random), Vocabulary.draw(random)],
    note: Vocabulary.sentence(12, random)
  })

/** `n` saves through `POST /bookmarks`, `concurrency` at a time; returns the ids. */
export const saveLibrary = async (baseUrl: string, key: string, n: number, concurrency = 16) => {
  const ids: Array<string> = []
  let next = 0
  const worker = async () => {
    while (next < n) {
      next++
      const response = await fetch(`${baseUrl}/v1/api/bookmarks`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: saveBody()
      })
      const text = await response.text()
      if (response.status !== 201) throw new Error(`save: ${response.status} ${text}`)
      ids.push((JSON.parse(text) as { id: string }).id)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return ids
}

/** Distinct generated sentences per text field; rows combine four of them, so texts rarely repeat whole. */
const poolSize = 100_000

/**
 * A `words`-word sentence of power-law words from `bench_vocab`, drawn again for every pool row `n`: the ranks
 * are drawn first, then each is one primary-key lookup (a join would hash the whole vocabulary every time).
 */
const sentence = (words: number) =>
  `(SELECT string_agg((SELECT v.w FROM bench_vocab v WHERE v.rank = r.k), ' ')
     FROM (SELECT floor(${Vocabulary.size} * power(random(), ${Vocabulary.exponent}))::int AS k
           FROM generate_series(1, ${words}) AS g WHERE n >= 0) AS r)`

/**
 * `rows` ready bookmarks in `accountId`, with titles, descriptions, tags and page text of power-law words.
 * The GIN indexes are dropped during the load and rebuilt after (as a bulk import would), then VACUUM ANALYZE.
 */
export const seedRows = async (
  databaseUrl: string,
  accountId: string,
  rows: number,
  log: (line: string) => void
) => {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query("SET synchronous_commit = off")
    await client.query("SET maintenance_work_mem = '512MB'")
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'bookmarks' AND indexdef ILIKE '%USING gin%'"
    )
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`)
    log("    generating the word pool…")
    await client.query("CREATE TEMP TABLE bench_vocab (rank int PRIMARY KEY, w text NOT NULL)")
    await client.query(
      "INSERT INTO bench_vocab SELECT ord - 1, w FROM unnest($1::text[]) WITH ORDINALITY AS t (w, ord)",
      [Vocabulary.words]
    )
    await client.query(`CREATE TEMP TABLE bench_pool AS SELECT n,
      ${sentence(5)} AS t5, ${sentence(8)} AS t8, ${sentence(12)} AS t12, ${sentence(15)} AS t15
      FROM generate_series(0, ${poolSize - 1}) AS n`)
    await client.query("ALTER TABLE bench_pool ADD PRIMARY KEY (n)")
    const base = Date.UTC(2020, 0, 1)
    const chunk = 100_000
    const started = Date.now()
    for (let from = 1; from <= rows; from += chunk) {
      const to = Math.min(rows, from + chunk - 1)
      // Four pool sentences per row, picked by co-prime strides; tags are words of two more.
      await client.query(
        `INSERT INTO bookmarks (
          id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
          title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
          effective_title, effective_description, effective_note, effective_tags, tag_keys)
        SELECT 'bmk_seed' || lpad(i::text, 18, '0'), $1, r.url, 'api', $2::bigint + i::bigint * 1000, 'ready', '', '[]'::jsonb, '',
          r.title, r.description, 'article', '', 'https://example.com/favicon.ico', '', r.summary,
          jsonb_build_array(r.tag1, r.tag2), '{}'::jsonb, r.page_text,
          r.title, r.description, '', jsonb_build_array(r.tag1, r.tag2), ARRAY[r.tag1, r.tag2]
        FROM generate_series($3::int, $4::int) AS i
        CROSS JOIN LATERAL (SELECT
          'https://site' || (i % 5000) || '.example/' || split_part(d.t12, ' ', 3) || '/' || i AS url,
          t.t5 AS title, d.t12 AS description, s.t8 AS summary, p.t15 AS page_text,
          split_part(x.t5, ' ', 1) AS tag1,
          CASE WHEN split_part(x.t5, ' ', 2) = split_part(x.t5, ' ', 1) THEN split_part(x.t5, ' ', 3)
               ELSE split_part(x.t5, ' ', 2) END AS tag2
          FROM bench_pool t, bench_pool d, bench_pool s, bench_pool p, bench_pool x
          WHERE t.n = (i::bigint * 7919) % ${poolSize} AND d.n = (i::bigint * 104729 + 1) % ${poolSize}
            AND s.n = (i::bigint * 1299709 + 2) % ${poolSize} AND p.n = (i::bigint * 15485863 + 3) % ${poolSize}
            AND x.n = (i::bigint * 32452843 + 4) % ${poolSize}) AS r`,
        [accountId, base, from, to]
      )
      log(`    ${to.toLocaleString("en")} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`)
    }
    await client.query(
      "UPDATE accounts SET last_bookmark_at = (SELECT max(created_at) FROM bookmarks WHERE account_id = $1) WHERE id = $1",
      [accountId]
    )
    for (const index of indexes.rows) {
      const t = Date.now()
      await client.query(index.indexdef)
      log(`    rebuilt ${index.indexname} (${((Date.now() - t) / 1000).toFixed(0)} s)`)
    }
    await client.query("VACUUM ANALYZE bookmarks")
    log(`    vacuum analyze done (${((Date.now() - started) / 1000).toFixed(0)} s in all)`)
  } finally {
    await client.end()
  }
}
