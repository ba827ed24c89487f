/**
 * Crash and shutdown behaviour of real `bookmarks serve` and `bookmarks work` processes on one Postgres:
 * concurrent start-up, two workers sharing a queue, kill -9 mid-enrichment and mid-delivery, SIGTERM under load.
 * The tests run in order on one fleet of processes (starting a process costs seconds here).
 */
import { Migrations } from "@bookmark-library/adapters"
import { External, Waiting } from "@bookmark-library/testkit"
import { mkdtempSync, rmSync } from "node:fs"
import * as http from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Pool, type QueryResultRow } from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Client } from "../support/Client.js"
import * as Databases from "../support/Databases.js"
import * as FaultFixtures from "../support/FaultFixtures.js"
import { freePort } from "../support/FreePort.js"
import * as ProcessService from "../support/ProcessService.js"

const database = External.needs("TEST_DATABASE_URL")

/** ENRICHMENT_ATTEMPT_BUDGET 4 s makes the effective enrichment lease 9 s (budget + 5 s, AppConfig). */
const enrichmentLease = 9_000
/** WEBHOOK_TIMEOUT 2 s makes the delivery lease 8 s (DeliveryRunner.leaseFor). */
const deliveryLease = 8_000

const eventually = <A>(what: string, probe: () => Promise<A | undefined>, timeoutMs = 60_000): Promise<A> =>
  Waiting.pollUntil(what, probe, { timeoutMs, intervalMs: 100 })

/** The worker a page fetch came from: its PUBLIC_URL (…/w1) is part of the fetcher's User-Agent. */
const workerOf = (userAgent: string) => /\/(w\d+)\)$/.exec(userAgent)?.[1] ?? "?"

/** A GET over a fresh TCP connection: tells "refused" apart from an answer on a kept-alive one. */
const freshGet = (url: string) =>
  new Promise<number | "refused">((resolve) => {
    const request = http.get(url, { agent: false, timeout: 2_000 }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.statusCode ?? 0))
    })
    request.on("timeout", () => request.destroy(new Error("timeout")))
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED" ? "refused" : 0))
  })

describe.runIf(database.run)("worker and API processes on one Postgres", () => {
  let db: { url: string; drop: () => Promise<void> } | undefined
  let pool: Pool | undefined
  let fixtures: FaultFixtures.FaultFixtures | undefined
  let dataDir = ""
  const processes: Array<ProcessService.Spawned> = []
  const workers = new Map<string, ProcessService.Spawned>()
  let api: ProcessService.Spawned | undefined
  let client: Client
  let baseUrl = ""
  let common: Record<string, string> = {}

  const query = async <R extends QueryResultRow>(text: string, values: ReadonlyArray<unknown> = []) => {
    if (pool === undefined) throw new Error("no pool")
    return (await pool.query<R>(text, [...values])).rows
  }

  const startWorker = (name: string, env: Record<string, string> = {}) => {
    const worker = ProcessService.spawnBookmarks(name, "work", {
      ...common,
      PUBLIC_URL: `http://127.0.0.1:9/${name}`,
      ...env
    })
    processes.push(worker)
    workers.set(name, worker)
    return worker
  }

  const statusOf = async (bookmarkId: string) =>
    (await query<{ status: string; title: string; processing_error: string }>(
      "SELECT status, title, processing_error FROM bookmarks WHERE id = $1",
      [bookmarkId]
    ))[0]

  const readyRow = (bookmarkId: string, timeoutMs = 60_000) =>
    eventually(`bookmark ${bookmarkId} ready`, async () => {
      const row = await statusOf(bookmarkId)
      return row?.status === "ready" ? row : undefined
    }, timeoutMs)

  const webhookFor = async (key: string, path: string) => {
    const hook = await client.api<{ id: string }>("POST", "/webhooks", key, { url: fixtures!.url(path) })
    expect(hook.status).toBe(201)
    return hook.body.id
  }

  const save = async (key: string, path: string) => {
    const saved = await client.api<{ id: string }>("POST", "/bookmarks", key, { url: fixtures!.url(path) })
    expect(saved.status).toBe(201)
    return saved.body.id
  }

  beforeAll(async () => {
    db = await Databases.create(database.value)
    pool = new Pool({ connectionString: db.url, max: 2 })
    fixtures = await FaultFixtures.start()
    dataDir = mkdtempSync(join(tmpdir(), "bookmarks-faults-"))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    const adminToken = `adm_faults_${Date.now().toString(36)}`
    client = new Client(baseUrl, adminToken)
    const redis = process.env["TEST_REDIS_URL"]
    common = {
      DATABASE_URL: db.url,
      ...(redis ? { REDIS_URL: redis } : {}),
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      ALLOW_PRIVATE_NETWORK: "true",
      ALLOW_HTTP_WEBHOOKS: "true",
      ENRICHMENT_ATTEMPT_BUDGET: "4s",
      ENRICHMENT_LEASE: "3s",
      ENRICHMENT_RETRY_SCHEDULE: "1s,1s,1s",
      WEBHOOK_TIMEOUT: "2s",
      WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s",
      WORKER_CONCURRENCY: "1",
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
    }
    // The three start in the same tick: the first test checks they all came up on the fresh database.
    api = ProcessService.spawnBookmarks("api", "serve", { ...common, PORT: String(port), HOST: "127.0.0.1" })
    processes.push(api)
    startWorker("w1")
    startWorker("w2")
  })

  afterAll(async () => {
    await ProcessService.killAll(processes)
    await fixtures?.close()
    await pool?.end()
    await db?.drop()
    if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
  })

  it("three processes started at the same moment on a fresh database all come up; migrations ran once", {
    timeout: 120_000
  }, async () => {
    await Promise.all([
      ProcessService.waitHealthy(api!, baseUrl),
      ProcessService.waitWorking(workers.get("w1")!),
      ProcessService.waitWorking(workers.get("w2")!)
    ])
    const applied = await query<{ migration_id: number }>(`SELECT migration_id FROM ${Migrations.table} ORDER BY 1`)
    // Migration "0005_name" is recorded as 5.
    expect(applied.map((r) => r.migration_id)).toEqual(
      Object.keys(Migrations.migrations).map((k) => Number(k.slice(0, 4)))
    )
    for (const p of processes) expect(p.exit(), p.tail()).toBeNull()
  })

  it("two workers never process the same job: 40 bookmarks, each fetched once, completed once, delivered once", async () => {
    const { key, id: accountId } = await client.account("ultra")
    await webhookFor(key, "/hook/fleet")
    const paths = Array.from({ length: 40 }, (_, i) => `/page/fleet-${i}`)
    // Each page takes a moment, so both workers (one job at a time each) are busy together.
    for (const path of paths) fixtures!.rule(path, { delayMs: 150 })
    const ids = new Set<string>()
    for (let i = 0; i < paths.length; i += 8) {
      for (const id of await Promise.all(paths.slice(i, i + 8).map((path) => save(key, path)))) ids.add(id)
    }
    await eventually("40 bookmarks ready", async () => {
      const [row] = await query<{ n: string }>(
        "SELECT count(*) AS n FROM bookmarks WHERE account_id = $1 AND status = 'ready'",
        [accountId]
      )
      return Number(row?.n) === 40 ? true : undefined
    })
    const delivered = () => fixtures!.hits("/hook/fleet").filter((s) => s.status === 200)
    await eventually("40 deliveries", async () => (delivered().length >= 40 ? true : undefined))
    await Waiting.sleep(1_000)

    for (const path of paths) expect(fixtures!.hits(path).length, path).toBe(1)
    const fetchedBy = new Set(paths.map((path) => workerOf(fixtures!.hits(path)[0]!.userAgent)))
    expect([...fetchedBy].sort()).toEqual(["w1", "w2"])
    const deliveredIds = fixtures!.hits("/hook/fleet").map((s) => s.bookmarkId)
    expect(deliveredIds.length).toBe(40)
    expect(new Set(deliveredIds)).toEqual(ids)
    const rows = await query<{ state: string; n: string }>(
      "SELECT state, count(*) AS n FROM deliveries WHERE account_id = $1 GROUP BY state",
      [accountId]
    )
    expect(rows.map((r) => [r.state, Number(r.n)])).toEqual([["delivered", 40]])
    const [left] = await query<{ n: string }>(
      "SELECT count(*) AS n FROM jobs j JOIN bookmarks b ON b.id = j.bookmark_id WHERE b.account_id = $1",
      [accountId]
    )
    expect(Number(left?.n)).toBe(0)
  })

  it("kill -9 of a worker mid-enrichment: another worker completes the job once, after the lease", async () => {
    const { key } = await client.account("ultra")
    await webhookFor(key, "/hook/crash-enrichment")
    fixtures!.rule("/page/held-enrichment", { holdFirst: true })
    const id = await save(key, "/page/held-enrichment")
    const first = await fixtures!.waitFor((s) => s.path === "/page/held-enrichment")
    const victim = workers.get(workerOf(first.userAgent))!
    victim.signal("SIGKILL")
    expect((await victim.exited).signal).toBe("SIGKILL")
    workers.delete(victim.name)
    const survivor = [...workers.keys()][0]!

    const row = await readyRow(id)
    expect(row.title).toBe("Fault page held-enrichment")
    expect(row.processing_error).toBe("")
    const fetches = fixtures!.hits("/page/held-enrichment")
    expect(fetches.length).toBe(2)
    expect(workerOf(fetches[1]!.userAgent)).toBe(survivor)
    // Taken over when the dead worker's lease ran out, not before.
    expect(fetches[1]!.at - first.at).toBeGreaterThanOrEqual(enrichmentLease - 2_000)

    await fixtures!.waitFor((s) => s.path === "/hook/crash-enrichment" && s.bookmarkId === id)
    await Waiting.sleep(1_500)
    expect(fixtures!.hits("/hook/crash-enrichment").map((s) => s.bookmarkId)).toEqual([id])
  })

  it("kill -9 of a worker mid-delivery: another worker delivers it after the lease; the row ends delivered once", async () => {
    const { key } = await client.account("ultra")
    const webhookId = await webhookFor(key, "/hook/held-delivery")
    fixtures!.rule("/hook/held-delivery", { holdFirst: true })
    const id = await save(key, "/page/quick-delivery")
    const first = await fixtures!.waitFor((s) => s.path === "/hook/held-delivery")
    expect(first.bookmarkId).toBe(id)
    const [victim] = [...workers.values()]
    victim!.signal("SIGKILL")
    await victim!.exited
    workers.delete(victim!.name)
    // The taker-over has a long enrichment lease and budget: the SIGTERM test below relies on them.
    const w3 = startWorker("w3", { ENRICHMENT_ATTEMPT_BUDGET: "60s", ENRICHMENT_LEASE: "120s" })

    const second = await fixtures!.waitFor((s) => s.path === "/hook/held-delivery" && s !== first, 60_000)
    expect(second.deliveryId).toBe(first.deliveryId)
    expect(second.at - first.at).toBeGreaterThanOrEqual(deliveryLease - 2_000)
    const row = await eventually("delivery row delivered", async () => {
      const [r] = await query<{ state: string; attempts: number }>(
        "SELECT state, attempts FROM deliveries WHERE webhook_id = $1",
        [webhookId]
      )
      return r?.state === "delivered" ? r : undefined
    })
    expect(row.attempts).toBe(1)
    await Waiting.sleep(1_000)
    // At least once: the receiver saw the delivery twice (the held attempt and the retry), with one id.
    expect(fixtures!.hits("/hook/held-delivery").map((s) => s.deliveryId)).toEqual([first.deliveryId, first.deliveryId])
    const hooks = await client.api<{ webhooks: Array<{ id: string; failureCount: number; lastStatus: number }> }>(
      "GET",
      "/webhooks",
      key
    )
    expect(hooks.body.webhooks.find((w) => w.id === webhookId)).toMatchObject({ failureCount: 0, lastStatus: 200 })
    expect(w3.exit()).toBeNull()
  })

  it("SIGTERM under load: in-flight requests finish 2xx, new connections are refused, leases are released", async () => {
    const w3 = workers.get("w3")!
    await ProcessService.waitWorking(w3)
    const { key } = await client.account("ultra")
    // A job in flight on w3: its page never answers the first time, and w3's lease is 120 s.
    fixtures!.rule("/page/held-release", { holdFirst: true })
    const id = await save(key, "/page/held-release")
    const held = await fixtures!.waitFor((s) => s.path === "/page/held-release")
    expect(workerOf(held.userAgent)).toBe("w3")
    const w4 = startWorker("w4", { ENRICHMENT_ATTEMPT_BUDGET: "60s", ENRICHMENT_LEASE: "120s" })
    await ProcessService.waitWorking(w4)

    // Load on the API, and one slow request in flight (the webhook test call waits 3 s for the receiver).
    const webhookId = await webhookFor(key, "/hook/slow-test")
    fixtures!.rule("/hook/slow-test", { delayMs: 3_000 })
    // Keep-alive clients: a request sent on a kept-alive connection during the shutdown must not hang.
    let loading = true
    const statuses: Array<number> = []
    let hung = 0
    const loop = async () => {
      // oxlint-disable-next-line eslint/no-unmodified-loop-condition -- the test clears it while the loop awaits
      while (loading) {
        try {
          const r = await fetch(`${baseUrl}/v1/api/bookmarks?limit=5`, {
            headers: { authorization: `Bearer ${key}` },
            signal: AbortSignal.timeout(5_000)
          })
          await r.arrayBuffer()
          statuses.push(r.status)
        } catch (error) {
          if (error instanceof Error && error.name === "TimeoutError") hung++
          await Waiting.sleep(50)
        }
      }
    }
    const loops = [loop(), loop(), loop()]
    await Waiting.sleep(300)
    const slow = client.api<{ ok: boolean; status: number }>("POST", `/webhooks/${webhookId}/test`, key)
    await fixtures!.waitFor((s) => s.path === "/hook/slow-test")
    const answered = statuses.length
    api!.signal("SIGTERM")
    w3.signal("SIGTERM")
    const termAt = Date.now()

    const refusedAt = await eventually(
      "new connections refused",
      async () => (await freshGet(`${baseUrl}/health`)) === "refused" ? Date.now() : undefined,
      10_000
    )
    const answer = await slow
    const answeredAt = Date.now()
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ ok: true, status: 200 })
    expect(refusedAt).toBeLessThan(answeredAt)

    // Out soon after its last request: kept-alive connections do not hold the shutdown up.
    const apiExit = await Promise.race([api!.exited, Waiting.sleep(10_000).then(() => null)])
    expect(apiExit, api!.tail()).toEqual({ code: 0, signal: null })
    const w3Exit = await Promise.race([w3.exited, Waiting.sleep(20_000).then(() => null)])
    expect(w3Exit, w3.tail()).toEqual({ code: 0, signal: null })
    loading = false
    await Promise.all(loops)
    expect(statuses.length).toBeGreaterThan(answered)
    expect(statuses.filter((s) => s < 200 || s > 299)).toEqual([])
    expect(hung).toBe(0)

    // Released, not expired: w4 takes the job at once although w3's lease had two minutes left.
    const row = await readyRow(id, 30_000)
    expect(row.title).toBe("Fault page held-release")
    const fetches = fixtures!.hits("/page/held-release")
    expect(fetches.map((s) => workerOf(s.userAgent))).toEqual(["w3", "w4"])
    expect(fetches[1]!.at - termAt).toBeLessThan(15_000)
    const [job] = await query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE bookmark_id = $1", [id])
    expect(Number(job?.n)).toBe(0)
  })
})
