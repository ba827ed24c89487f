/**
 * Imports on Postgres with real `bookmarks start` processes: saves made through the API during a 10,000-row import
 * are enriched before the import's backlog; a kill -9 in the middle of an import, then a restart, finishes it
 * with nothing lost and nothing doubled.
 */
import { External, Waiting } from "@bookmark-library/testkit"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Pool, type QueryResultRow } from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Client } from "../support/Client.js"
import * as Databases from "../support/Databases.js"
import { freePort } from "../support/FreePort.js"
import * as ImportFiles from "../support/ImportFiles.js"
import * as ProcessService from "../support/ProcessService.js"

const database = External.needs("TEST_DATABASE_URL")

interface Progress {
  readonly id: string
  readonly state: string
  readonly total: number
  readonly read: number
  readonly saved: number
  readonly duplicates: number
  readonly failed: number
}

describe.runIf(database.run)("imports on Postgres, real processes", () => {
  let db: { url: string; drop: () => Promise<void> } | undefined
  let pool: Pool | undefined
  let pages: ImportFiles.PageServer | undefined
  let dataDir = ""
  let env: Record<string, string> = {}
  let baseUrl = ""
  let client: Client
  const processes: Array<ProcessService.Spawned> = []

  const query = async <R extends QueryResultRow>(text: string, values: ReadonlyArray<unknown> = []) => {
    if (pool === undefined) throw new Error("no pool")
    return (await pool.query<R>(text, [...values])).rows
  }
  const count = async (text: string, values: ReadonlyArray<unknown> = []) =>
    Number((await query<{ n: string }>(text, values))[0]?.n ?? "0")

  const startServer = async (name: string) => {
    const server = ProcessService.spawnBookmarks(name, "start", env)
    processes.push(server)
    await ProcessService.waitHealthy(server, baseUrl)
    return server
  }

  const upload = async (accountId: string, file: string) => {
    const response = await fetch(`${baseUrl}/admin/accounts/${accountId}/imports`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.adminToken}`, "content-type": "application/octet-stream" },
      body: file
    })
    expect(response.status).toBe(201)
    return (await response.json()) as Progress
  }
  const progress = async (id: string) => (await client.admin<Progress>("GET", `/imports/${id}`)).body

  beforeAll(async () => {
    db = await Databases.create(database.value)
    pool = new Pool({ connectionString: db.url, max: 2 })
    pages = await ImportFiles.pageServer(150)
    dataDir = mkdtempSync(join(tmpdir(), "bookmarks-imports-"))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    client = new Client(baseUrl, `adm_imports_${Date.now().toString(36)}`)
    env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_TOKEN: client.adminToken,
      ALLOW_PRIVATE_NETWORK: "true",
      WORKER_CONCURRENCY: "2",
      // No pacing: the import lane runs as fast as its slot allows, the hardest case for the saves.
      IMPORT_HOST_GAP: "0s",
      IMPORT_LEASE: "3s",
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
    }
    await startServer("server-1")
  }, 120_000)

  afterAll(async () => {
    await ProcessService.killAll(processes)
    await pages?.close()
    await pool?.end()
    await db?.drop()
    if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    "saves through the API during a 10,000-row import are enriched before the import's backlog",
    { timeout: 180_000 },
    async () => {
      const { id: accountId, key } = await client.account("ultra")
      const urls = Array.from({ length: 10_000 }, (_, i) => `${pages!.origin}/page/import-${i}`)
      const started = await upload(accountId, ImportFiles.netscape(urls))
      expect(started).toMatchObject({ total: 10_000, state: "running" })
      // Saves go on while the rows are being read and the backlog builds.
      const saved: Array<string> = []
      for (let i = 0; i < 5; i++) {
        const answer = await client.api<{ id: string }>("POST", "/bookmarks", key, {
          url: `${pages!.origin}/page/live-${i}`
        })
        expect(answer.status).toBe(201)
        saved.push(answer.body.id)
        await Waiting.sleep(300)
      }
      for (const id of saved) await client.ready(key, id, 60_000)
      let done = await progress(started.id)
      while (done.state !== "done") {
        await Waiting.sleep(200)
        done = await progress(started.id)
      }
      expect(done).toMatchObject({ read: 10_000, saved: 10_000, duplicates: 0, failed: 0 })
      // One more save with the whole backlog queued.
      const late = await client.api<{ id: string }>("POST", "/bookmarks", key, {
        url: `${pages!.origin}/page/live-late`
      })
      await client.ready(key, late.body.id, 60_000)
      const backlog = await count(
        "SELECT count(*) AS n FROM bookmarks WHERE account_id = $1 AND source = 'import' AND status = 'processing'",
        [accountId]
      )
      // Every save was enriched while nearly all of the import still waited: saves never queue behind an import.
      expect(backlog).toBeGreaterThan(9_000)
      const live = pages!.hits.filter((h) => h.path.startsWith("/page/live-"))
      expect(live.length).toBe(6)
      const importFetchesBeforeLastSave = pages!.hits.filter((h) =>
        h.path.startsWith("/page/import-") && h.at <= live[live.length - 1]!.at
      )
      expect(importFetchesBeforeLastSave.length).toBeLessThan(1_000)
    }
  )

  it("kill -9 in the middle of an import, then a restart: it finishes with nothing lost and nothing doubled", {
    timeout: 240_000
  }, async () => {
    const { id: accountId, key } = await client.account("ultra")
    // Already in the library before the import: must be skipped, not doubled.
    for (const i of [3, 5_000, 19_998]) {
      const answer = await client.api("POST", "/bookmarks", key, { url: `${pages!.origin}/page/crash-${i}` })
      expect(answer.status).toBe(201)
    }
    // 20,000 rows; every 100th repeats an earlier row of the file.
    const urls = Array.from({ length: 20_000 }, (_, i) => `${pages!.origin}/page/crash-${i % 100 === 99 ? i - 50 : i}`)
    const unique = new Set(urls)
    const started = await upload(accountId, ImportFiles.netscape(urls))
    let seen = await progress(started.id)
    while (seen.read === 0) {
      await Waiting.sleep(20)
      seen = await progress(started.id)
    }
    expect(seen.read).toBeLessThan(20_000)
    const victim = processes[processes.length - 1]!
    victim.signal("SIGKILL")
    expect((await victim.exited).signal).toBe("SIGKILL")
    const [atCrash] = await query<{ position: number; state: string }>(
      "SELECT position, state FROM imports WHERE id = $1",
      [started.id]
    )
    expect(atCrash?.state).toBe("running")
    expect(atCrash!.position).toBeLessThan(20_000)
    // What a crash left is exactly what its committed batches wrote.
    expect(await count("SELECT count(*) AS n FROM bookmarks WHERE account_id = $1 AND source = 'import'", [accountId]))
      .toBe((await query<{ saved: number }>("SELECT saved FROM imports WHERE id = $1", [started.id]))[0]!.saved)

    await startServer("server-2")
    let done = await progress(started.id)
    while (done.state !== "done") {
      await Waiting.sleep(200)
      done = await progress(started.id)
    }
    const expectedSaved = unique.size - 3
    expect(done).toMatchObject({
      total: 20_000,
      read: 20_000,
      saved: expectedSaved,
      duplicates: 20_000 - expectedSaved,
      failed: 0
    })
    expect(await count("SELECT count(*) AS n FROM bookmarks WHERE account_id = $1", [accountId])).toBe(unique.size)
    expect(await count("SELECT count(DISTINCT url) AS n FROM bookmarks WHERE account_id = $1", [accountId])).toBe(
      unique.size
    )
    expect(await count("SELECT count(DISTINCT created_at) AS n FROM bookmarks WHERE account_id = $1", [accountId]))
      .toBe(unique.size)
    // One enrichment job per imported bookmark still waiting, none twice.
    expect(
      await count(
        "SELECT count(*) AS n FROM (SELECT bookmark_id FROM jobs GROUP BY bookmark_id HAVING count(*) > 1) AS doubled"
      )
    ).toBe(0)
    const imported = await count("SELECT count(*) AS n FROM bookmarks WHERE account_id = $1 AND source = 'import'", [
      accountId
    ])
    const waiting = await count(
      "SELECT count(*) AS n FROM jobs j JOIN bookmarks b ON b.id = j.bookmark_id WHERE b.account_id = $1 AND j.lane = 'import'",
      [accountId]
    )
    const ready = await count(
      "SELECT count(*) AS n FROM bookmarks WHERE account_id = $1 AND source = 'import' AND status = 'ready'",
      [accountId]
    )
    expect(imported).toBe(expectedSaved)
    expect(waiting + ready).toBe(expectedSaved)
  })
})
