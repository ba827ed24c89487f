/**
 * A real `bookmarks serve` process while its Redis is stopped and its Postgres is restarted under load. Both are
 * private instances of this file (a temp cluster and a temp redis-server on free ports): other test files keep
 * using the machine's servers undisturbed.
 */
import { External, Waiting } from "@bookmark-library/testkit"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Client } from "../support/Client.js"
import * as FaultPostgres from "../support/FaultPostgres.js"
import * as FaultRedis from "../support/FaultRedis.js"
import { freePort } from "../support/FreePort.js"
import * as ProcessService from "../support/ProcessService.js"

// The machine having Postgres and Redis is what these variables promise; the servers used here are private.
const database = External.needs("TEST_DATABASE_URL")
const redisServer = External.needs("TEST_REDIS_URL")

interface Outcome {
  readonly status: number
  readonly contentType: string
  readonly body: string
  readonly ms: number
  readonly at: number
}

describe.runIf(database.run && redisServer.run)("a serve process through Redis and Postgres outages", () => {
  let postgres: FaultPostgres.PrivatePostgres | undefined
  let redis: FaultRedis.PrivateRedis | undefined
  let api: ProcessService.Spawned | undefined
  let dataDir = ""
  let baseUrl = ""
  let client: Client

  /** One request with a deadline; a deadline or a connection error is recorded as status 0. */
  const call = async (method: string, path: string, key: string, body?: unknown): Promise<Outcome> => {
    const started = Date.now()
    try {
      const response = await fetch(`${baseUrl}/v1/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000)
      })
      const text = await response.text()
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        body: text,
        ms: Date.now() - started,
        at: started
      }
    } catch {
      return { status: 0, contentType: "", body: "", ms: Date.now() - started, at: started }
    }
  }

  beforeAll(async () => {
    ;[postgres, redis] = await Promise.all([FaultPostgres.start(), FaultRedis.start()])
    dataDir = mkdtempSync(join(tmpdir(), "bookmarks-faults-"))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    const adminToken = `adm_outages_${Date.now().toString(36)}`
    client = new Client(baseUrl, adminToken)
    api = ProcessService.spawnBookmarks("api", "serve", {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_TOKEN: adminToken,
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
    })
    await ProcessService.waitHealthy(api, baseUrl)
  })

  afterAll(async () => {
    await ProcessService.killAll([api])
    await redis?.cleanup()
    postgres?.cleanup()
    if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    "Redis stopped: requests are served uncounted, one warning per interval, counting resumes when it returns",
    async () => {
      const { key } = await client.account("ultra")
      for (let i = 0; i < 3; i++) expect((await call("GET", "/bookmarks", key)).status).toBe(200)
      const before = JSON.parse((await call("GET", "/usage", key)).body)
      expect(before.usage.month).toBe(4)

      await redis!.stop()
      const stoppedAt = Date.now()
      const during: Array<Outcome> = []
      for (let i = 0; i < 30; i++) {
        during.push(await call("GET", "/bookmarks", key))
        await Waiting.sleep(50)
      }
      expect(during.map((o) => o.status)).toEqual(during.map(() => 200))
      expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(2_000)
      const warnings = () =>
        api!.logs().filter((l) => l.logLevel === "WARN" && ProcessService.mentions("Redis is unreachable")(l))
      expect(warnings().length).toBe(1)

      await redis!.start()
      await api!.waitForLog(ProcessService.mentions("Redis is reachable again"), 15_000)
      expect(Date.now() - stoppedAt).toBeLessThan(30_000)
      // The restarted Redis is empty (no persistence here): counting starts again from zero and grows.
      for (let i = 0; i < 3; i++) expect((await call("GET", "/bookmarks", key)).status).toBe(200)
      const first = JSON.parse((await call("GET", "/usage", key)).body)
      expect(first.usage.month).toBeGreaterThanOrEqual(3)
      for (let i = 0; i < 2; i++) expect((await call("GET", "/bookmarks", key)).status).toBe(200)
      const second = JSON.parse((await call("GET", "/usage", key)).body)
      expect(second.usage.month).toBe(first.usage.month + 3)
      expect(warnings().length).toBe(1)
    },
    60_000
  )

  it(
    "Postgres restarted under load: quick 503 problems while down, recovery by itself, no acknowledged save lost",
    async () => {
      const { key } = await client.account("ultra")
      const acknowledged: Array<string> = []
      const outcomes: Array<Outcome> = []
      let loading = true
      let n = 0
      const saver = async () => {
        // oxlint-disable-next-line eslint/no-unmodified-loop-condition -- the test clears it while the savers await
        while (loading) {
          const outcome = await call("POST", "/bookmarks", key, { url: `https://example.com/restart/${n++}` })
          outcomes.push(outcome)
          if (outcome.status === 201) acknowledged.push(JSON.parse(outcome.body).id)
          if (outcome.status !== 201) await Waiting.sleep(50)
        }
      }
      const savers = [saver(), saver(), saver()]
      await Waiting.sleep(1_000)
      const beforeStop = acknowledged.length
      expect(beforeStop).toBeGreaterThan(0)

      await postgres!.stop("immediate")
      const downAt = Date.now()
      await Waiting.sleep(2_500)
      const reads = await Promise.all([call("GET", "/bookmarks", key), call("GET", "/usage", key)])
      const health = await fetch(`${baseUrl}/health`)
      const healthBody = await health.text()
      // Down from the end of `stop` to the start of `start` (pg_ctl may notice the server is up late).
      const restartAt = Date.now()
      await postgres!.start()
      const upAt = Date.now()

      // Recovers by itself: saves succeed again without touching the process.
      const recovered = async () => {
        for (;;) {
          const last = outcomes.filter((o) => o.at > upAt)
          if (last.some((o) => o.status === 201)) return Date.now()
          if (Date.now() - upAt > 30_000) throw new Error("no successful save within 30 s of the restart")
          await Waiting.sleep(100)
        }
      }
      const recoveredAt = await recovered()
      await Waiting.sleep(500)
      loading = false
      await Promise.all(savers)

      // While down: 503 problem+json, answered quickly; nothing else but 201 and 503 at any time.
      const whileDown = outcomes.filter((o) => o.at > downAt + 200 && o.at + o.ms < restartAt)
      expect(whileDown.length).toBeGreaterThan(0)
      for (const o of [...whileDown, ...reads]) {
        expect(o.status).toBe(503)
        expect(o.contentType).toContain("application/problem+json")
        expect(JSON.parse(o.body)).toMatchObject({ status: 503, code: "storage_unavailable" })
        expect(o.body).not.toMatch(/ECONN|postgres|SQL|connect/i)
        expect(o.ms).toBeLessThan(3_000)
      }
      expect(health.status).toBe(503)
      expect(healthBody).toContain("storage_unavailable")
      const errors = api!.logs().filter((l) => l.logLevel === "ERROR").map((l) => JSON.stringify(l).slice(0, 3_000))
      expect([...new Set(outcomes.map((o) => o.status))].sort(), errors.join("\n")).toEqual([201, 503])
      expect(recoveredAt - upAt).toBeLessThan(15_000)
      expect(acknowledged.length).toBeGreaterThan(beforeStop)

      // Every acknowledged save is there after the restart.
      for (const id of acknowledged) {
        const got = await call("GET", `/bookmarks/${id}`, key)
        expect(got.status, id).toBe(200)
      }
      let listed = 0
      let before = ""
      for (;;) {
        const page = JSON.parse((await call("GET", `/bookmarks?limit=100${before}`, key)).body)
        listed += page.bookmarks.length
        if (page.nextBefore === null) break
        before = `&before=${encodeURIComponent(page.nextBefore)}`
      }
      expect(listed).toBeGreaterThanOrEqual(acknowledged.length)
      expect(api!.exit()).toBeNull()
    },
    90_000
  )
})
