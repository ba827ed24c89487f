/**
 * `npx tsx bench/Mcp.ts`: the wall time of single MCP calls over HTTP against `bookmarks serve` (the bundle,
 * API only, so no page is fetched), next to the same work through the JSON API. Each call is sent alone and
 * awaited (latency, not throughput); the MCP clients are the official SDKs of both generations. Embedded
 * (PGlite), plus Postgres + Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set. Prints a table; writes
 * nothing. Options: `--calls=N` (default 200).
 *
 * Then the server's CPU time per call (user + system, from /proc) for `tools/list`, `tools/call search_bookmarks`
 * (one POST each, no SDK client) and the JSON API's search, `--cpu-calls=N` calls (default 3,000) four at a time,
 * in `--rounds=N` rounds (default 3). With `--before=<checkout>/dist/bookmarks.js` another build runs beside this
 * one, on its own data, and the rounds alternate between the two. `--profile`: the servers run with `--cpu-prof`
 * (profiles in bench/profiles/). `--cpu-only` skips the latency table.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client"
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { Client as PgClient } from "pg"
import * as Processes from "./Processes.js"

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const calls = Number(option("calls") ?? 200)
const cpuCalls = Number(option("cpu-calls") ?? 3_000)
const rounds = Number(option("rounds") ?? 3)
const before = option("before")
const cpuOnly = process.argv.includes("--cpu-only")
const nodeArgs = process.argv.includes("--profile")
  ? ["--cpu-prof", `--cpu-prof-dir=${Processes.repoRoot}bench/profiles`]
  : []
const words = ["harbour", "lantern", "meadow", "quartz", "saffron", "tundra", "violet", "walnut"]

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** Median, p90 and p99 of `n` sequential runs of `f`, in milliseconds, after 20 unmeasured ones. */
const time = async (n: number, f: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await f(i)
  const samples: Array<number> = []
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    await f(i)
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  const ms = (x: number) => x.toFixed(2)
  return `${ms(percentile(samples, 0.5))} | ${ms(percentile(samples, 0.9))} | ${ms(percentile(samples, 0.99))}`
}

const json = async (response: Response) => {
  const text = await response.text()
  if (!response.ok) throw new Error(`${response.status} ${text}`)
  return text === "" ? undefined : JSON.parse(text)
}

/** An account with a key and 500 bookmarks on `service`, and the three ways of calling it. */
const prepare = async (service: Processes.Child, adminToken: string) => {
  const admin = (path: string, body: unknown) =>
    fetch(`${service.baseUrl}/admin${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    }).then(json)
  const account = await admin("/accounts", { plan: "ultra" })
  const { key } = await admin(`/accounts/${account.id}/keys`, { label: "bench" })
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${service.baseUrl}/v1/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    }).then(json)
  for (let i = 0; i < 500; i++) {
    await api("POST", "/bookmarks", {
      url: `https://example.com/${i}`,
      tags: [words[i % 8]!],
      note: `${words[i % 8]} ${words[(i * 3) % 8]} notes ${i}`
    })
  }
  const url = new URL("/mcp", service.baseUrl)
  /** One JSON-RPC request as one POST, answered as the 2025 revisions' stateless SSE frame. */
  const rpc = async (method: string, params: unknown) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...headers, accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
    })
    const text = await response.text()
    if (!response.ok || text.includes(`"isError":true`)) throw new Error(`${method}: ${response.status} ${text}`)
    return text
  }
  const raw = (name: string, args: Record<string, unknown>) => rpc("tools/call", { name, arguments: args })
  return { key, url, api, rpc, raw }
}

/** Server CPU milliseconds per call of `f`, over `n` calls made `concurrency` at a time (after 50 unmeasured). */
const cpuPerCall = async (service: Processes.Child, n: number, f: (i: number) => Promise<unknown>) => {
  const concurrency = 4
  for (let i = 0; i < 50; i++) await f(i)
  const start = service.cpu()
  let next = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await f(next++)
  }))
  return (service.cpu() - start) / n
}

const cpuTable = async (targets: ReadonlyArray<{ label: string; service: Processes.Child; adminToken: string }>) => {
  const prepared = await Promise.all(
    targets.map(async (t) => ({ ...t, calls: await prepare(t.service, t.adminToken) }))
  )
  const kinds = [
    ["MCP tools/list", (c: (typeof prepared)[number]["calls"]) => () => c.rpc("tools/list", {})],
    [
      "MCP tools/call search_bookmarks {q, limit: 20}",
      (c: (typeof prepared)[number]["calls"]) => (i: number) =>
        c.raw("search_bookmarks", { q: words[i % 8]!, limit: 20 })
    ],
    [
      "GET /v1/api/bookmarks?q=…&limit=20",
      (c: (typeof prepared)[number]["calls"]) => (i: number) => c.api("GET", `/bookmarks?q=${words[i % 8]}&limit=20`)
    ]
  ] as const
  const lines: Array<string> = []
  for (const [kind, call] of kinds) {
    const samples = prepared.map(() => [] as Array<number>)
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of prepared.entries()) {
        const sample = await cpuPerCall(target.service, cpuCalls, call(target.calls))
        console.error(`  ${target.label}, ${kind}: ${sample.toFixed(3)} ms`)
        samples[index]!.push(sample)
      }
    }
    const cells = samples.map((s) => {
      const sorted = [...s].sort((a, b) => a - b)
      return `${percentile(sorted, 0.5).toFixed(3)} (${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)})`
    })
    lines.push(`| ${kind} | ${cells.join(" | ")} |`)
  }
  const [one, two, three] = loadavg()
  console.log(
    `\n| CPU ms per call, median (range) of ${rounds} rounds of ${cpuCalls} | ${
      targets.map((t) => t.label).join(" | ")
    } |\n|---|${targets.map(() => "---|").join("")}\n${lines.join("\n")}\n\nload average ${one!.toFixed(2)} ${
      two!.toFixed(2)
    } ${three!.toFixed(2)} at the end, ${cpus().length} cores`
  )
}

const measure = async (label: string, env: Record<string, string>) => {
  const adminToken = `adm_${randomBytes(16).toString("hex")}`
  const serviceEnv = {
    ...env,
    ADMIN_TOKEN: adminToken,
    SCREENSHOTS: "false",
    PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
  }
  const service = await Processes.startService(label, "serve", serviceEnv, nodeArgs)
  const otherDataDir = mkdtempSync(join(tmpdir(), "bench-mcp-before-"))
  try {
    console.log(`\n### ${label}`)
    if (!cpuOnly) await latencyTable(service, adminToken)
    const other = before === undefined
      ? undefined
      : await Processes.startOtherBundle("before", before, { ...serviceEnv, DATA_DIR: otherDataDir }, nodeArgs)
    try {
      await cpuTable([
        { label: "this build", service, adminToken },
        ...(other === undefined ? [] : [{ label: "before", service: other, adminToken }])
      ])
    } finally {
      await other?.stop()
    }
  } finally {
    await service.stop()
    rmSync(otherDataDir, { recursive: true, force: true })
  }
}

const latencyTable = async (service: Processes.Child, adminToken: string) => {
  const { key, url, api, raw } = await prepare(service, adminToken)
  const v1 = new ClientV1({ name: "bench", version: "1" })
  await v1.connect(new HttpV1(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }))
  const v2 = new ClientV2({ name: "bench", version: "2" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await v2.connect(new HttpV2(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }))
  const search = (i: number) => ({ q: words[i % 8]!, limit: 20 })
  const save = (i: number) => ({ url: `https://example.org/saved/${i}`, tags: "bench" })
  const rows = [
    `| search_bookmarks {q, limit: 20} | sdk 1.x (2025-11-25) | ${await time(
      calls,
      (i) => v1.callTool({ name: "search_bookmarks", arguments: search(i) })
    )} |`,
    `| search_bookmarks {q, limit: 20} | client 2.x (2026-07-28) | ${await time(
      calls,
      (i) => v2.callTool({ name: "search_bookmarks", arguments: search(i) })
    )} |`,
    `| search_bookmarks {q, limit: 20} | one POST, no SDK client | ${await time(
      calls,
      (i) => raw("search_bookmarks", search(i))
    )} |`,
    `| GET /v1/api/bookmarks?q=…&limit=20 | JSON API | ${await time(
      calls,
      (i) => api("GET", `/bookmarks?q=${words[i % 8]}&limit=20`)
    )} |`,
    `| save_bookmark | sdk 1.x (2025-11-25) | ${await time(
      calls,
      (i) => v1.callTool({ name: "save_bookmark", arguments: save(i) })
    )} |`,
    `| save_bookmark | client 2.x (2026-07-28) | ${await time(
      calls,
      (i) => v2.callTool({ name: "save_bookmark", arguments: save(calls + 20 + i) })
    )} |`,
    `| save_bookmark | one POST, no SDK client | ${await time(
      calls,
      (i) => raw("save_bookmark", save(2 * (calls + 20) + i))
    )} |`,
    `| POST /v1/api/bookmarks | JSON API | ${await time(
      calls,
      (i) => api("POST", "/bookmarks", save(3 * (calls + 20) + i))
    )} |`
  ]
  await v1.close()
  await v2.close()
  console.log(
    `\n| Call | Client | median ms | p90 ms | p99 ms |\n|---|---|---|---|---|\n${rows.join("\n")}`
  )
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-mcp-"))
try {
  await measure("Embedded (PGlite, in-memory counters)", { DATA_DIR: dataDir })
  const database = process.env["TEST_DATABASE_URL"]
  const redis = process.env["TEST_REDIS_URL"]
  if (database !== undefined && redis !== undefined) {
    const name = `bench_mcp_${Date.now().toString(36)}`
    const admin = new PgClient({ connectionString: database })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    try {
      const url = new URL(database)
      url.pathname = `/${name}`
      await measure("Postgres + Redis", { DATA_DIR: dataDir, DATABASE_URL: url.href, REDIS_URL: redis })
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
