/**
 * `npx tsx bench/PgWaits.ts [seconds] [database-prefix]`: samples `pg_stat_activity` every 20 ms and prints, every
 * 4 s, how many of the service's connections (`application_name = 'bookmarks'`) were in each state, wait event and
 * statement on average. Run it beside a load (`npm run bench -- --only=scaled --saves-only`) to see where saves
 * wait: a row lock (`Lock/transactionid`), the NOTIFY queue at commit (`Lock/object`), WAL flushes (`IO/WALSync`)
 * or the service itself between statements (`idle in transaction`, `Client/ClientRead`). TEST_DATABASE_URL or
 * BENCH_DATABASE_URL names the server; the default prefix `bench_` matches the benchmark's databases.
 */
import { Client } from "pg"

const url = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const seconds = Number(process.argv[2] ?? 60)
const prefix = process.argv[3] ?? "bench_"
const client = new Client({ connectionString: url })
await client.connect()
const counts = new Map<string, number>()
let samples = 0
let windowStart = Date.now()
const flush = () => {
  if (samples === 0) return
  const line = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k}=${(n / samples).toFixed(2)}`)
    .join("  ")
  console.log(new Date().toISOString().slice(11, 19), `samples=${samples}`, line)
  counts.clear()
  samples = 0
}
const until = Date.now() + seconds * 1000
while (Date.now() < until) {
  const result = await client.query<{ state: string; t: string; e: string; q: string }>(
    `SELECT state, coalesce(wait_event_type, '-') AS t, coalesce(wait_event, '-') AS e, left(query, 30) AS q
     FROM pg_stat_activity
     WHERE application_name = 'bookmarks' AND datname LIKE $1 AND state <> 'idle'`,
    [`${prefix}%`]
  )
  samples++
  for (const row of result.rows) {
    const key = `${row.state}|${row.t}/${row.e}|${row.q.replace(/\s+/g, " ").trim()}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  if (Date.now() - windowStart > 4_000) {
    flush()
    windowStart = Date.now()
  }
  await new Promise((resolve) => setTimeout(resolve, 20))
}
flush()
await client.end()
