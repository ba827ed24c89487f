/**
 * The embedded default's durability rule (docs/decisions.md, "Embedded allowance counter and embedded reads"), on a
 * real
 * `bookmarks start` over a temporary DATA_DIR: under a stream of saves and reads, every acknowledged save survives a
 * clean stop and a `kill -9`; usage counts survive a clean stop exactly, and after `kill -9` at most the last second
 * of counts is missing, never more, and never more than were made.
 */
import { Waiting } from "@bookmark-library/testkit"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { Client } from "../support/Client.js"
import { freePort } from "../support/FreePort.js"
import * as ProcessService from "../support/ProcessService.js"

const adminToken = "adm_durability_test_token_0123456789"
const dataDir = mkdtempSync(join(tmpdir(), "bookmarks-durability-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Stream {
  /** Answered with 2xx: counted by the server before it answered. */
  readonly answered: Array<{ readonly at: number }>
  /** Ids of acknowledged saves. */
  readonly saved: Array<string>
  /** Requests sent but not answered (a kill cut them off); the server may or may not have counted them. */
  unanswered: number
  /** Any other answer: none may happen. */
  readonly unexpected: Array<string>
}

/** `lanes` loops of save, read it back, list, until `stop()`; each loop waits for its answer before the next. */
const stream = (client: Client, key: string, lanes = 4) => {
  const state: Stream = { answered: [], saved: [], unanswered: 0, unexpected: [] }
  let running = true
  const call = async (method: string, path: string, body?: unknown) => {
    try {
      const answer = await client.api(method, path, key, body)
      if (answer.status >= 200 && answer.status < 300) {
        state.answered.push({ at: Date.now() })
        return answer
      }
      state.unexpected.push(`${method} ${path}: ${answer.status} ${answer.text}`)
    } catch {
      state.unanswered++
    }
    return undefined
  }
  const lane = async (n: number) => {
    // oxlint-disable-next-line eslint/no-unmodified-loop-condition -- stop() clears it while the lane awaits
    for (let i = 0; running; i++) {
      const saved = await call("POST", "/bookmarks", { url: `http://127.0.0.1:9/lane-${n}/${i}`, tags: ["durability"] })
      if (saved === undefined) return
      state.saved.push(saved.body.id)
      if (await call("GET", `/bookmarks/${saved.body.id}`) === undefined) return
      if (await call("GET", "/bookmarks?limit=20") === undefined) return
    }
  }
  const done = Promise.all(Array.from({ length: lanes }, (_, n) => lane(n)))
  return {
    state,
    stop: async () => {
      running = false
      await done
    },
    done
  }
}

describe("the embedded default under saves and reads", () => {
  it("keeps acknowledged saves and usage counts across a clean stop and a kill -9", async () => {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const client = new Client(baseUrl, adminToken)
    const env = {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: "warning",
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 100_000_000 } })
    }
    const start = async (name: string) => {
      const service = ProcessService.spawnBookmarks(name, "start", env)
      await ProcessService.waitHealthy(service, baseUrl)
      return service
    }
    /** The month's count as the service reports it; the usage request itself is counted too. */
    const usage = async (key: string) => {
      const answer = await client.api("GET", "/usage", key)
      expect(answer.status).toBe(200)
      return (answer.body.usage.total as number) - 1
    }
    const everySaved = async (key: string, ids: ReadonlyArray<string>) => {
      const missing: Array<string> = []
      for (const id of ids) if ((await client.api("GET", `/bookmarks/${id}`, key)).status !== 200) missing.push(id)
      return missing
    }

    let service = await start("first")
    try {
      const { key } = await client.account("ultra")

      // A clean stop: everything counted is written.
      const first = stream(client, key)
      await Waiting.sleep(2_000)
      await first.stop()
      expect(first.state.unexpected).toEqual([])
      service.signal("SIGTERM")
      expect((await service.exited).code).toBe(0)
      service = await start("after a clean stop")
      const afterStop = await usage(key)
      expect(afterStop).toBe(first.state.answered.length)
      const counted = afterStop + 1

      // A crash in the middle of the stream.
      const second = stream(client, key)
      await Waiting.sleep(2_500)
      // On a loaded machine the restarted server may still be slow: the kill waits for enough answers to judge by.
      await Waiting.pollUntil("more than 20 saves answered before the kill", () => second.state.answered.length > 20, {
        timeoutMs: 60_000
      })
      const killedAt = Date.now()
      service.signal("SIGKILL")
      await service.exited
      await second.done
      expect(second.state.unexpected).toEqual([])
      service = await start("after kill -9")
      const afterKill = (await usage(key)) - counted
      const before = (ms: number) => second.state.answered.filter((a) => a.at <= ms).length
      // Never more than were made (answered, or cut off after the server may have counted them) ...
      expect(afterKill).toBeLessThanOrEqual(second.state.answered.length + second.state.unanswered)
      // ... and nothing answered more than a second before the kill is missing.
      expect(afterKill).toBeGreaterThanOrEqual(before(killedAt - 1_000))
      expect(second.state.answered.length).toBeGreaterThan(20)

      expect(await everySaved(key, [...first.state.saved, ...second.state.saved])).toEqual([])
    } finally {
      await ProcessService.killAll([service])
    }
  }, 180_000)
})
