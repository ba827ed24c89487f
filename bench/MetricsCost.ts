/**
 * What the per-request metrics cost on the read path: two `bookmarks serve` processes on one Postgres and Redis,
 * METRICS=false and METRICS=true, loaded in turn (off, on, off, on, …) on `GET /v1/api/bookmarks/:id`; the figure
 * is the server's CPU time per answered request. `npx tsx bench/MetricsCost.ts [--rounds=N] [--seconds=N]`;
 * `--before=<checkout>/dist/bookmarks.js` compares that build (e.g. the commit before metrics) with this one instead.
 * Results are printed, not written: bench/notes.md keeps the ones we quote.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "pg"
import * as Load from "./Load.js"
import * as Processes from "./Processes.js"
import * as Seed from "./Seed.js"

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const rounds = option("rounds", 3)
const seconds = option("seconds", 6)

const databaseBase = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const redisUrl = process.env["BENCH_REDIS_URL"] ?? process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
const adminToken = `adm_bench_${randomBytes(12).toString("hex")}`

const name = `bench_metrics_${Date.now().toString(36)}`
const admin = new Client({ connectionString: databaseBase })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const url = new URL(databaseBase)
url.pathname = `/${name}`

const env = (metrics: boolean) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), "bookmarks-bench-")),
  DATABASE_URL: url.href,
  REDIS_URL: redisUrl,
  ADMIN_TOKEN: adminToken,
  PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000_000, perMonth: 1_000_000_000_000 } }),
  SCREENSHOTS: "false",
  METRICS: String(metrics)
})

const before = process.argv.find((a) => a.startsWith("--before="))?.slice("--before=".length)
const off = before === undefined
  ? await Processes.startService("metrics off", "serve", env(false))
  : await Processes.startOtherBundle("before", before, env(false))
const on = await Processes.startService("metrics on", "serve", env(true))
try {
  const { key } = await Seed.account(off.baseUrl, adminToken)
  const ids = await Seed.saveLibrary(off.baseUrl, key, 200)
  const measure = (label: string, service: Processes.Child) =>
    Load.measure({
      label,
      url: service.baseUrl,
      key,
      connections: 10,
      seconds,
      warmupSeconds: 2,
      rss: service.rss,
      cpu: service.cpu,
      path: () => `/v1/api/bookmarks/${ids[Math.floor(Math.random() * ids.length)]}`
    })
  const results: Record<"off" | "on", Array<Load.Measurement>> = { off: [], on: [] }
  for (let round = 1; round <= rounds; round++) {
    for (const [which, service] of [["off", off], ["on", on]] as const) {
      const m = await measure(
        `round ${round}, ${before === undefined ? `metrics ${which}` : which === "off" ? "before" : "after"}`,
        service
      )
      results[which].push(m)
      console.log(
        `${m.label}: ${m.rps.toFixed(0)} req/s, ${
          m.cpuMsPerRequest?.toFixed(3)
        } ms CPU/request, p99 ${m.p99} ms, failures ${m.failures}`
      )
    }
  }
  const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const cpu = (which: "off" | "on") => median(results[which].map((m) => m.cpuMsPerRequest ?? 0))
  const rps = (which: "off" | "on") => median(results[which].map((m) => m.rps))
  console.log(
    `median CPU per request: off ${cpu("off").toFixed(3)} ms, on ${cpu("on").toFixed(3)} ms ` +
      `(${(((cpu("on") - cpu("off")) / cpu("off")) * 100).toFixed(1)} %); req/s off ${rps("off").toFixed(0)}, on ${
        rps("on").toFixed(0)
      }`
  )
  const scrape = await fetch(`${on.baseUrl}/metrics`)
  console.log(`one scrape: ${scrape.status}, ${(await scrape.text()).length} bytes`)
} finally {
  await Promise.all([off.stop(), on.stop()])
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}
