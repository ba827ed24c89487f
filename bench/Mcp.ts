/**
 * `npx tsx bench/Mcp.ts`: the wall time of single MCP calls over HTTP against `bookmarks serve` (the bundle,
 * API only, so no page is fetched), next to the same work through the JSON API. Each call is sent alone and
 * awaited (latency, not throughput); the MCP clients are the official SDKs of both generations. Embedded
 * (PGlite), plus Postgres + Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set. Prints a table; writes
 * nothing. Options: `--calls=N` (default 200).
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client"
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client as PgClient } from "pg"
import * as Processes from "./Processes.js"

const calls = Number(process.argv.find((a) => a.startsWith("--calls="))?.slice(8) ?? 200)
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

const measure = async (label: string, env: Record<string, string>) => {
  const adminToken = `adm_${randomBytes(16).toString("hex")}`
  const service = await Processes.startService(label, "serve", {
    ...env,
    ADMIN_TOKEN: adminToken,
    SCREENSHOTS: "false",
    PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
  })
  try {
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
    const v1 = new ClientV1({ name: "bench", version: "1" })
    await v1.connect(new HttpV1(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }))
    const v2 = new ClientV2({ name: "bench", version: "2" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
    await v2.connect(new HttpV2(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }))
    const raw = (name: string, args: Record<string, unknown>) =>
      fetch(url, {
        method: "POST",
        headers: { ...headers, accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } })
      }).then((r) => r.text())
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
      `\n### ${label}\n\n| Call | Client | median ms | p90 ms | p99 ms |\n|---|---|---|---|---|\n${rows.join("\n")}`
    )
  } finally {
    await service.stop()
  }
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
