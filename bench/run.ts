/**
 * `npm run bench`: seeds libraries and measures, side by side in one run, the embedded default, Postgres + Redis
 * and a bare baseline; then full-text search over a million bookmarks and the server's memory. Writes
 * BENCHMARKS.md. Exits non-zero only when it could not run at all.
 *
 * Options: `--quick` (short runs, 100,000 search rows: a smoke test of the script), `--rows=N`, `--seconds=N`,
 * `--connections=N`, `--profile` (the service runs with `--cpu-prof`; profiles go to bench/profiles/).
 * Enrichment (bench/Enrichment.ts), webhooks (bench/Webhooks.ts) and imports (bench/Imports.ts) run last:
 * `--only=tags` measures tag sprawl on a 2,000-page import in process (bench/TagSprawl.ts, about 3 minutes).
 * `--only=enrichment`, `--only=webhooks` or `--only=imports` runs that section alone and writes it to a temporary
 * file, not BENCHMARKS.md; `--import-rows=N` (default 10,000); `--only=bulk` a bulk tag of `--bulk-rows=N` (default
 * 10,000) bookmarks with saves meanwhile (bench/Bulk.ts);
 * `--enrichment-pages=N` (default 50, at most 100), `--worker-concurrency=N` (default 2), `--no-copies` (archived
 * copies off, to compare pages per minute with them on: docs/preservation.md, "Measured").
 * `--only=organising` measures lists, `list:`, smart lists, duplicates, the tags page and merges in process on PGlite
 * and Postgres (bench/Organising.ts) over `--organising-rows=N` bookmarks (default 100,000; `--engines=postgres`).
 * `--only=smart` measures queries of the search language (bench/SmartQueries.ts) over `--smart-rows=N` bookmarks
 * in one account (default 100,000; 10,000 with `--quick`) on Postgres, and writes that section to a temporary file.
 * `--only=footprint` (bench/Footprint.ts) measures the embedded server's whole process tree (PSS) idle, during
 * captures and after Chromium's idle close (`--idle-close=N` seconds, default 90; `--footprint-pages=N`, default 5);
 * it runs only alone, written to a temporary file.
 * `--only=scaled` measures the scaled read paths beside the baseline (plain, and with the service's levers: key
 * cache and named statements) and the fixed-rate saves (one account, and spread over 50), printed only
 * (`--saves-only`: the saves alone; `--reads-only`: the read paths alone, `--paths=get,list,search` which of them);
 * with `--before=<checkout>/dist/bookmarks.js` another build runs beside this one.
 * `--only=soak [--soak-minutes=30] [--before=…]`: the long-running embedded server (bench/Soak.ts).
 * Postgres and Redis: BENCH_DATABASE_URL / BENCH_REDIS_URL, else TEST_DATABASE_URL / TEST_REDIS_URL, else the
 * local defaults. Without them only the embedded figures are written.
 */
import { Redis } from "ioredis"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { cpus, loadavg, release, tmpdir, totalmem, type } from "node:os"
import { join } from "node:path"
import { Client } from "pg"
import * as Bulk from "./Bulk.js"
import * as Enrichment from "./Enrichment.js"
import * as Footprint from "./Footprint.js"
import * as Imports from "./Imports.js"
import * as Load from "./Load.js"
import * as Processes from "./Processes.js"
import * as Report from "./Report.js"
import { adminToken, planLimits, removeTemps, tempDir } from "./Scratch.js"
import * as Section from "./Section.js"
import * as Seed from "./Seed.js"
import * as SmartQueries from "./SmartQueries.js"
import * as Vocabulary from "./Vocabulary.js"
import * as Webhooks from "./Webhooks.js"

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const option = (name: string, fallback: number) => {
  const given = args.find((a) => a.startsWith(`--${name}=`))
  return given === undefined ? fallback : Number(given.slice(name.length + 3))
}
const quick = flag("quick")
const onlyGiven = args.find((a) => a.startsWith("--only="))?.slice("--only=".length)
if (onlyGiven === "soak") {
  // The soak benchmark runs for half an hour by default: alone, printed (bench/Soak.ts).
  await import("./Soak.js").then((soak) => soak.soak(args))
  process.exit(0)
}
const only = onlyGiven === "enrichment" || onlyGiven === "webhooks" || onlyGiven === "imports" ||
    onlyGiven === "bulk" || onlyGiven === "scaled" || onlyGiven === "footprint" || onlyGiven === "tags" ||
    onlyGiven === "smart" || onlyGiven === "organising"
  ? onlyGiven
  : undefined
const before = args.find((a) => a.startsWith("--before="))?.slice("--before=".length)
if (onlyGiven !== undefined && only === undefined) {
  console.error(
    `--only=${onlyGiven}: only "enrichment", "webhooks", "imports", "bulk", "footprint", "scaled", "tags", "smart" ` +
      `or "organising" can run alone`
  )
  process.exit(2)
}
const settings = {
  seconds: option("seconds", quick ? 2 : 8),
  warmupSeconds: quick ? 1 : 2,
  connections: option("connections", 32),
  library: quick ? 300 : 2_000,
  searchRows: option("rows", quick ? 100_000 : 1_000_000),
  searchQueries: quick ? 30 : 200,
  fixedRate: 500,
  enrichmentPages: Math.min(100, option("enrichment-pages", quick ? 10 : 50)),
  enrichmentSequential: quick ? 3 : 10,
  webhookSequential: quick ? 10 : 30,
  webhookBurst: quick ? 10 : 100,
  workerConcurrency: option("worker-concurrency", 2),
  importRows: option("import-rows", quick ? 1_000 : 10_000),
  importSaves: quick ? 3 : 10,
  bulkRows: option("bulk-rows", quick ? 1_000 : 10_000),
  tagPages: quick ? 300 : 2_000,
  smartRows: option("smart-rows", quick ? 10_000 : 100_000),
  smartQueries: quick ? 5 : 20,
  organisingRows: option("organising-rows", quick ? 10_000 : 100_000)
}
const profileDir = join(Processes.repoRoot, "bench", "profiles")
const nodeArgs = flag("profile") ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []
if (flag("profile")) mkdirSync(profileDir, { recursive: true })

const log = (line: string) => console.log(line)
const children: Array<Processes.Child> = []
const track = (child: Processes.Child) => {
  children.push(child)
  return child
}

const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(Math.random() * xs.length)]!

const databaseBase = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const redisUrl = process.env["BENCH_REDIS_URL"] ?? process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"

/** The read and write paths of one service (or the baseline, reads only). */
const measurePaths = async (
  mode: string,
  target: { baseUrl: string; rss: () => number; cpu: () => number },
  key: string,
  ids: ReadonlyArray<string>,
  which: ReadonlyArray<"get" | "list" | "search" | "save">
) => {
  const common = {
    url: target.baseUrl,
    key,
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    rss: target.rss,
    cpu: target.cpu
  }
  const words = Vocabulary.words.slice(0, 2_000)
  const out: Record<string, Load.Measurement> = {}
  for (const path of which) {
    const label = `${mode}: ${Report.paths.find(([id]) => id === path)![1]}`
    out[path] = await Load.measure(
      path === "get"
        ? { ...common, label, path: () => `/v1/api/bookmarks/${pick(ids)}` }
        : path === "list"
        ? { ...common, label, path: () => "/v1/api/bookmarks?limit=50" }
        : path === "search"
        ? { ...common, label, path: () => `/v1/api/bookmarks?q=${pick(words)}` }
        : { ...common, label, method: "POST", path: () => "/v1/api/bookmarks", body: () => Seed.saveBody() }
    )
  }
  return out
}

const fixedRatePost = (
  mode: string,
  target: { baseUrl: string; rss: () => number; cpu: () => number },
  key: string | (() => string)
) =>
  Load.measure({
    label: `${mode}: POST /bookmarks at ${settings.fixedRate}/s`,
    url: target.baseUrl,
    key,
    method: "POST",
    path: () => "/v1/api/bookmarks",
    body: () => Seed.saveBody(),
    connections: 20,
    seconds: settings.seconds,
    warmupSeconds: 0,
    rate: settings.fixedRate,
    rss: target.rss,
    cpu: target.cpu
  })

const serviceEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  ADMIN_TOKEN: adminToken,
  PLAN_LIMITS: planLimits,
  SCREENSHOTS: "false"
})

const embeddedRun = async () => {
  log("Embedded (PGlite, in-memory counters): starting `bookmarks serve`…")
  const service = track(await Processes.startService("embedded", "serve", serviceEnv(tempDir()), nodeArgs))
  const { key } = await Seed.account(service.baseUrl, adminToken)
  log(`  saving a library of ${settings.library} bookmarks through the API…`)
  const ids = await Seed.saveLibrary(service.baseUrl, key, settings.library)
  const measured = await measurePaths("embedded", service, key, ids, ["get", "list", "search", "save"])
  const fixed = await fixedRatePost("embedded", service, key)
  await service.stop()
  return { measured, fixed }
}

interface ScaledDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

const createDatabase = async (): Promise<ScaledDatabase> => {
  const name = `bench_${Date.now().toString(36)}`
  const admin = new Client({ connectionString: databaseBase })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(databaseBase)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      const c = new Client({ connectionString: databaseBase })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    }
  }
}

const searchAtScale = async (service: Processes.Child, db: ScaledDatabase): Promise<Report.SearchFigures> => {
  const big = await Seed.account(service.baseUrl, adminToken)
  log(
    `  seeding ${
      settings.searchRows.toLocaleString("en")
    } bookmarks into one account (INSERT … SELECT generate_series)…`
  )
  await Seed.seedRows(db.url, big.id, settings.searchRows, log)
  const random = Vocabulary.seeded(2024)
  const queries = Vocabulary.queryWords(settings.searchQueries, random)
  const run = async (q: string) => {
    const started = performance.now()
    const response = await fetch(`${service.baseUrl}/v1/api/bookmarks?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${big.key}` }
    })
    const body = await response.json() as { bookmarks?: ReadonlyArray<unknown> }
    if (response.status !== 200) throw new Error(`search ${q}: ${response.status} ${JSON.stringify(body)}`)
    return { ms: performance.now() - started, results: body.bookmarks?.length ?? 0 }
  }
  for (const { q } of Vocabulary.queryWords(20, Vocabulary.seeded(7))) await run(q)
  const timed: Array<{ kind: string; q: string; ms: number; results: number }> = []
  for (const { kind, q } of queries) timed.push({ kind, q, ...(await run(q)) })
  const summarize = (xs: ReadonlyArray<{ ms: number; results: number }>) => {
    const sorted = xs.map((x) => x.ms).sort((a, b) => a - b)
    return {
      n: xs.length,
      p50: Section.percentile(sorted, 50),
      p95: Section.percentile(sorted, 95),
      max: sorted[sorted.length - 1] ?? 0,
      avgResults: xs.reduce((s, x) => s + x.results, 0) / Math.max(1, xs.length)
    }
  }
  const byKind = ["common", "middling", "rare"].map((kind) => ({
    kind,
    ...summarize(timed.filter((t) => t.kind === kind))
  }))
  const all = summarize(timed)
  log(
    `  search over ${settings.searchRows.toLocaleString("en")} rows: p50 ${all.p50.toFixed(1)} ms, p95 ${
      all.p95.toFixed(1)
    } ms, max ${all.max.toFixed(1)} ms`
  )
  for (const k of byKind) {
    log(
      `    ${k.kind.padEnd(9)} p50 ${k.p50.toFixed(1)} ms  p95 ${k.p95.toFixed(1)} ms  max ${
        k.max.toFixed(1)
      } ms  rows ${k.avgResults.toFixed(1)}`
    )
  }
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3)
  log(`  slowest: ${slowest.map((s) => `${s.q} (${s.kind}, ${s.ms.toFixed(0)} ms)`).join(", ")}`)
  return { rows: settings.searchRows, byKind, all: { n: all.n, p50: all.p50, p95: all.p95, max: all.max } }
}

const scaledRun = async (db: ScaledDatabase) => {
  log("Scaled (Postgres + Redis): starting `bookmarks serve` on a fresh database…")
  const service = track(
    await Processes.startService("scaled", "serve", {
      ...serviceEnv(tempDir()),
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl
    }, nodeArgs)
  )
  const { key } = await Seed.account(service.baseUrl, adminToken)
  log(`  saving a library of ${settings.library} bookmarks through the API…`)
  const ids = await Seed.saveLibrary(service.baseUrl, key, settings.library)
  const baseline = track(
    await Processes.startBaseline({ DATABASE_URL: db.url, REDIS_URL: redisUrl, PLAN_LIMITS: planLimits })
  )
  // Interleaved, so a change in the machine's load hits both sides alike.
  const scaled: Record<string, Load.Measurement | undefined> = {}
  const base: Record<string, Load.Measurement | undefined> = {}
  for (const path of ["get", "list", "search"] as const) {
    Object.assign(scaled, await measurePaths("scaled", service, key, ids, [path]))
    Object.assign(base, await measurePaths("baseline", baseline, key, ids, [path]))
  }
  await baseline.stop()
  Object.assign(scaled, await measurePaths("scaled", service, key, ids, ["save"]))
  const fixed = await fixedRatePost("scaled", service, key)
  log("Search at scale:")
  const search = await searchAtScale(service, db)
  await service.stop()
  return { scaled, base, fixed, search }
}

const memoryRun = async () => {
  log("Memory: embedded `bookmarks start` (API + workers, default settings)…")
  const dataDir = tempDir()
  const service = track(
    await Processes.startService("embedded-start", "start", {
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      PLAN_LIMITS: planLimits
    })
  )
  await Section.sleep(quick ? 2_000 : 10_000)
  const samples: Array<number> = []
  for (let i = 0; i < 5; i++) {
    samples.push(service.rss())
    await Section.sleep(200)
  }
  const idle = samples.sort((a, b) => a - b)[2]!
  log(`  idle RSS ${(idle / 1024 / 1024).toFixed(0)} MB`)
  const { key } = await Seed.account(service.baseUrl, adminToken)
  await Seed.saveLibrary(service.baseUrl, key, 200)
  const loaded = await Load.measure({
    label: "embedded start: GET /bookmarks?limit=50",
    url: service.baseUrl,
    key,
    path: () => "/v1/api/bookmarks?limit=50",
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: 0,
    rss: service.rss,
    cpu: service.cpu
  })
  log(`  peak RSS under load ${(loaded.peakRss / 1024 / 1024).toFixed(0)} MB`)
  await service.stop()
  return { idle, underLoad: loaded.peakRss }
}

/** What the worker sections need from this run. */
const sectionContext = (scaledReachable: boolean): Section.Context => ({
  adminToken,
  planLimits,
  tempDir,
  track,
  log,
  scaled: scaledReachable ? { createDatabase, redisUrl } : undefined
})

const enrichmentRun = (scaledReachable: boolean) =>
  Enrichment.measure({
    ...sectionContext(scaledReachable),
    pages: settings.enrichmentPages,
    sequential: settings.enrichmentSequential,
    workerConcurrency: settings.workerConcurrency,
    copies: !flag("no-copies")
  })

const webhooksRun = (scaledReachable: boolean) =>
  Webhooks.measure({
    ...sectionContext(scaledReachable),
    sequential: settings.webhookSequential,
    burst: settings.webhookBurst
  })

const importsRun = (scaledReachable: boolean) =>
  Imports.measure({
    ...sectionContext(scaledReachable),
    rows: settings.importRows,
    saves: settings.importSaves,
    workerConcurrency: settings.workerConcurrency
  })

const bulkRun = (scaledReachable: boolean) =>
  Bulk.measure({ ...sectionContext(scaledReachable), rows: settings.bulkRows, saves: settings.importSaves })

/** `--paths=get,list`: the read paths `--only=scaled` measures (all three by default). */
const readPaths = (args.find((a) => a.startsWith("--paths="))?.slice("--paths=".length).split(",") ??
  ["get", "list", "search"])
  .filter((p): p is "get" | "list" | "search" => p === "get" || p === "list" || p === "search")

/**
 * `--only=scaled`: the read paths of this build (and of `--before`, when given) interleaved with the baseline's,
 * then saves at the fixed rate into one account and spread over 50. Printed, not written.
 */
const scaledAlone = async () => {
  const db = await createDatabase()
  try {
    const env = { ...serviceEnv(tempDir()), DATABASE_URL: db.url, REDIS_URL: redisUrl }
    const service = track(await Processes.startService("scaled", "serve", env, nodeArgs))
    const other = before === undefined
      ? undefined
      : track(await Processes.startOtherBundle("before", before, { ...env, DATA_DIR: tempDir() }, nodeArgs))
    // The web app's first account, made before any other so that it is the oldest: its library page is measured.
    const web = await Seed.webUser(service.baseUrl, adminToken)
    const { key } = await Seed.account(service.baseUrl, adminToken)
    log(`  saving a library of ${settings.library} bookmarks through the API…`)
    const ids = await Seed.saveLibrary(service.baseUrl, key, settings.library)
    await Seed.saveLibrary(service.baseUrl, web.key, 200)
    const baseline = track(
      await Processes.startBaseline({ DATABASE_URL: db.url, REDIS_URL: redisUrl, PLAN_LIMITS: planLimits })
    )
    const cachedBaseline = track(
      await Processes.startBaseline({
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        PLAN_LIMITS: planLimits,
        KEY_CACHE: "true",
        NAMED: "true"
      })
    )
    const rows: Array<[string, Load.Measurement, Load.Measurement | undefined, Load.Measurement, Load.Measurement]> = []
    for (const path of flag("saves-only") ? [] : readPaths) {
      const now = (await measurePaths("scaled", service, key, ids, [path]))[path]!
      const then = other === undefined ? undefined : (await measurePaths("before", other, key, ids, [path]))[path]!
      const base = (await measurePaths("baseline", baseline, key, ids, [path]))[path]!
      const baseCached = (await measurePaths("baseline, same levers", cachedBaseline, key, ids, [path]))[path]!
      rows.push([path, now, then, base, baseCached])
    }
    // The MCP tool beside the JSON API's search: one stateless `tools/call` POST per request, no SDK client.
    const words = Vocabulary.words.slice(0, 2_000)
    const mcpSearch = (target: Processes.Child, label: string) =>
      Load.measure({
        label: `${label}: MCP search_bookmarks`,
        url: target.baseUrl,
        key,
        method: "POST",
        path: () => "/mcp",
        headers: { accept: "application/json, text/event-stream" },
        body: () =>
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "search_bookmarks", arguments: { q: pick(words), limit: 50 } }
          }),
        connections: settings.connections,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        rss: target.rss,
        cpu: target.cpu
      })
    const libraryPage = (target: Processes.Child, label: string) =>
      Load.measure({
        label: `${label}: web library page`,
        url: target.baseUrl,
        key,
        path: () => "/",
        headers: { cookie: web.cookie },
        connections: settings.connections,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        rss: target.rss,
        cpu: target.cpu
      })
    const mcp = flag("saves-only") || flag("reads-only") ? [] : [
      await mcpSearch(service, "scaled"),
      ...(other === undefined ? [] : [await mcpSearch(other, "before")]),
      await libraryPage(service, "scaled"),
      ...(other === undefined ? [] : [await libraryPage(other, "before")])
    ]
    await baseline.stop()
    await cachedBaseline.stop()
    const keys = flag("reads-only") ? [] : await Promise.all(
      Array.from({ length: 50 }, () => Seed.account(service.baseUrl, adminToken).then((a) => a.key))
    )
    const spread = () => pick(keys)
    const saves: Array<[string, Load.Measurement]> = []
    for (
      const [name, target] of flag("reads-only") ? [] : [
        ["after", service],
        ...(other === undefined ? [] : [["before", other] as const])
      ] as const
    ) {
      saves.push([`${name}, one account`, await fixedRatePost(`${name} (one account)`, target, key)])
      saves.push([`${name}, 50 accounts`, await fixedRatePost(`${name} (50 accounts)`, target, spread)])
    }
    const ms = (x: number | undefined) => x === undefined ? "—" : `${x.toFixed(3)} ms`
    const ratio = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`
    log(
      "\n| Path | req/s | CPU/req | before req/s | before CPU/req | baseline req/s | CPU/req | same-levers baseline req/s | CPU/req | req/s ÷ baseline | ÷ same-levers baseline | CPU ÷ same-levers baseline |"
    )
    log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (const [path, now, then, base, cachedBase] of rows) {
      log(
        `| ${path} | ${now.rps.toFixed(0)} | ${ms(now.cpuMsPerRequest)} | ${then?.rps.toFixed(0) ?? "—"} | ${
          ms(then?.cpuMsPerRequest)
        } | ` +
          `${base.rps.toFixed(0)} | ${ms(base.cpuMsPerRequest)} | ${cachedBase.rps.toFixed(0)} | ${
            ms(cachedBase.cpuMsPerRequest)
          } | ` +
          `${ratio(now.rps, base.rps)} | ${ratio(now.rps, cachedBase.rps)} | ${
            ratio(now.cpuMsPerRequest, cachedBase.cpuMsPerRequest)
          } |`
      )
    }
    for (const m of mcp) log(`| ${m.label} | ${m.rps.toFixed(0)} | ${ms(m.cpuMsPerRequest)} |`)
    log("\n| POST at 500/s | achieved | p50 | p99 | max | CPU/req |\n| --- | --- | --- | --- | --- | --- |")
    for (const [name, m] of saves) {
      log(`| ${name} | ${m.rps.toFixed(0)} | ${m.p50} ms | ${m.p99} ms | ${m.max} ms | ${ms(m.cpuMsPerRequest)} |`)
    }
    await service.stop()
    await other?.stop()
  } finally {
    await db.drop()
  }
}

/**
 * Tag sprawl (bench/TagSprawl.ts) in a child process that loads the packages from their sources, as the quality
 * suite does: it analyses pages in process, with no service to start.
 */
const tagsRun = () => {
  const result = spawnSync(
    process.execPath,
    [
      "--conditions=@bookmark-library/source",
      "--import",
      "tsx",
      join("bench", "TagSprawl.ts"),
      String(settings.tagPages)
    ],
    { cwd: Processes.repoRoot, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }
  )
  if (result.status !== 0) throw new Error(`bench/TagSprawl.ts failed:\n${result.stderr}`)
  return result.stdout.trim().split("\n")
}

/**
 * `--only=organising` (bench/Organising.ts): lists, `list:`, smart lists, duplicates, the tags page and merges at
 * scale, in process on PGlite and Postgres, in a child process that loads the packages from their sources.
 */
const organisingRun = () => {
  const result = spawnSync(
    process.execPath,
    [
      "--conditions=@bookmark-library/source",
      "--import",
      "tsx",
      join("bench", "Organising.ts"),
      String(settings.organisingRows),
      args.find((a) => a.startsWith("--engines="))?.slice("--engines=".length) ?? "pglite,postgres"
    ],
    {
      cwd: Processes.repoRoot,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, BENCH_DATABASE_URL: databaseBase }
    }
  )
  if (result.status !== 0) throw new Error("bench/Organising.ts failed")
  return result.stdout.trim().split("\n")
}

/** `--only=smart`: the search language over a seeded library on Postgres, printed and written to a temporary file. */
const smartAlone = async (reachable: boolean) => {
  if (!reachable) throw new Error(`--only=smart needs Postgres (${databaseBase}) and Redis (${redisUrl})`)
  const db = await createDatabase()
  try {
    log("Smart queries (Postgres + Redis): starting `bookmarks serve` on a fresh database…")
    const service = track(
      await Processes.startService("scaled", "serve", {
        ...serviceEnv(tempDir()),
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl
      }, nodeArgs)
    )
    const figures = await SmartQueries.run(log, service, db.url, adminToken, settings.smartRows, settings.smartQueries)
    await service.stop()
    const text = SmartQueries.render(figures).join("\n")
    const file = join(tmpdir(), "BENCHMARKS.smart.md")
    writeFileSync(file, text)
    log(`\n${text}\nWrote ${file}.`)
  } finally {
    await db.drop()
  }
}

/**
 * `--only=enrichment|webhooks|imports|bulk|footprint|tags|organising`: that section alone, printed and written to a
 * temporary file.
 */
const sectionAlone = async (
  section: "enrichment" | "webhooks" | "imports" | "bulk" | "footprint" | "tags" | "organising",
  scaledReachable: boolean
) => {
  const text = (section === "tags"
    ? tagsRun()
    : section === "organising"
    ? organisingRun()
    : section === "footprint"
    ? Footprint.render(
      await Footprint.measure({
        ...sectionContext(false),
        pages: option("footprint-pages", 5),
        idleCloseSeconds: option("idle-close", 90)
      })
    )
    : section === "enrichment"
    ? Report.renderEnrichment(await enrichmentRun(scaledReachable))
    : section === "webhooks"
    ? Report.renderWebhooks(await webhooksRun(scaledReachable))
    : section === "bulk"
    ? Bulk.render(await bulkRun(scaledReachable))
    : Imports.render(await importsRun(scaledReachable))).join("\n")
  const file = join(tmpdir(), `BENCHMARKS.${section}.md`)
  writeFileSync(file, text)
  log(`\n${text}\nWrote ${file}.`)
}

const versions = async () => {
  let postgres = "not reachable"
  let redis = "not reachable"
  try {
    const c = new Client({ connectionString: databaseBase, connectionTimeoutMillis: 3_000 })
    await c.connect()
    const v = await c.query<{ version: string }>("SELECT version()")
    const s = await c.query<{ name: string; setting: string; unit: string | null }>(
      "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'random_page_cost')"
    )
    await c.end()
    postgres = `${(v.rows[0]?.version ?? "").split(" on ")[0]} (${
      s.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ""}`).join(", ")
    })`
  } catch {
    // reported as not reachable
  }
  try {
    const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 1 })
    await client.connect()
    const info = await client.info("server")
    const policy = await client.config("GET", "maxmemory-policy") as ReadonlyArray<string>
    client.disconnect()
    redis = `${/redis_version:(\S+)/.exec(info)?.[1] ?? "?"} (maxmemory-policy ${policy[1] ?? "?"})`
  } catch {
    // reported as not reachable
  }
  return { postgres, redis }
}

const main = async () => {
  const loadStart = loadavg()
  const started = Date.now()
  const { postgres, redis } = await versions()
  log(
    `Benchmark (${quick ? "quick" : "full"}${only === undefined ? "" : `, only ${only}`}): load average ${
      loadStart.map((x) => x.toFixed(2)).join(" ")
    }; Postgres: ${postgres}; Redis: ${redis}`
  )
  const reachable = postgres !== "not reachable" && redis !== "not reachable"
  if (only === "scaled") return scaledAlone()
  if (only === "smart") return smartAlone(reachable)
  if (only !== undefined) return sectionAlone(only, reachable)
  const skipped: Array<string> = []

  const embedded = await embeddedRun()
  let scaled: Awaited<ReturnType<typeof scaledRun>> | undefined
  if (reachable) {
    const db = await createDatabase()
    try {
      scaled = await scaledRun(db)
    } finally {
      await db.drop()
    }
  } else {
    skipped.push(
      `Scaled mode, baseline and search at scale: Postgres (${databaseBase}) or Redis (${redisUrl}) not reachable.`
    )
  }
  const memory = await memoryRun()
  // A failed enrichment run (no Chromium, say) costs its section only, not the figures measured before it.
  const enrichment = await enrichmentRun(reachable).catch((error: unknown) => {
    skipped.push(`Enrichment throughput: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`)
    return undefined
  })
  const webhooks = await webhooksRun(reachable).catch((error: unknown) => {
    skipped.push(`Webhook deliveries: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`)
    return undefined
  })

  const imports = await importsRun(reachable).catch((error: unknown) => {
    skipped.push(`Imports: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`)
    return undefined
  })

  const notesFile = join(Processes.repoRoot, "bench", "notes.md")
  const figures: Report.Figures = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    machine: {
      cpu: cpus()[0]?.model ?? "unknown",
      cores: cpus().length,
      memoryGiB: totalmem() / 1024 ** 3,
      os: `${type()} ${release()}`,
      node: process.version,
      postgres,
      redis,
      loadStart,
      loadEnd: loadavg()
    },
    settings: {
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      library: settings.library
    },
    embedded: embedded.measured,
    scaled: scaled?.scaled ?? {},
    baseline: scaled?.base ?? {},
    fixedRate: { rate: settings.fixedRate, embedded: embedded.fixed, scaled: scaled?.fixed },
    search: scaled?.search,
    memory,
    enrichment,
    webhooks,
    imports,
    skipped,
    notes: existsSync(notesFile) ? readFileSync(notesFile, "utf8") : ""
  }
  const file = quick ? join(tmpdir(), "BENCHMARKS.quick.md") : join(Processes.repoRoot, "BENCHMARKS.md")
  writeFileSync(file, Report.render(figures))
  log(`Wrote ${file} (${((Date.now() - started) / 1000 / 60).toFixed(1)} min).`)
}

const cleanup = async () => {
  await Promise.allSettled(children.map((c) => c.stop()))
  removeTemps()
}

try {
  await main()
  await cleanup()
} catch (error) {
  console.error("The benchmark could not run:", error instanceof Error ? error.stack ?? error.message : error)
  await cleanup()
  process.exit(1)
}
