/**
 * The public API when scaled out: Postgres and Redis. The same suites as the embedded default, plus one
 * allowance shared by two API server instances on one Redis and one database.
 */
import { External } from "@bookmark-library/testkit"
import { stat } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectProblem } from "../support/ApiExpect.js"
import * as Harness from "../support/Harness.js"
import { describePublicApi } from "./PublicApi.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")

describe.runIf(database.run && redis.run)("scaled", () => {
  describePublicApi("scaled")

  describe("two API instances on one Redis and one database", () => {
    let first: Harness.Started | undefined
    let second: Harness.Started | undefined

    beforeAll(async () => {
      // The server clock (Redis TIME): what production runs.
      first = await Harness.start({ mode: "scaled", roles: "api", env: { SCREENSHOTS: "false" } })
      second = await Harness.start({ roles: "api", storage: first.storage, env: { SCREENSHOTS: "false" } })
    })
    afterAll(async () => {
      await second?.stop()
      await first?.stop()
      await first?.storage.cleanup()
    })

    /**
     * Sends 200 concurrent requests of a fresh free account, alternating between the instances. All must fall
     * in one UTC minute of the Redis clock (this machine's wall clock): a burst that straddled two minutes (its
     * answers name two reset times) is sent again with another account.
     */
    const burst = async (started: () => void = () => {}) => {
      for (let attempt = 1;; attempt++) {
        const { key } = await ApiAccounts.create(first!.client, "free")
        const sending = Promise.all(
          Array.from(
            { length: 200 },
            (_, i) => (i % 2 === 0 ? first! : second!).client.api("GET", "/bookmarks?limit=1", key)
          )
        )
        started()
        const answers = await sending
        const resets = new Set(answers.map((x) => x.headers.get("x-ratelimit-reset")).filter((r) => r !== null))
        if (resets.size === 1 || attempt === 2) return answers
      }
    }

    it("a key revoked through one instance is refused by the other on its very next request (key cache)", async () => {
      const account = await ApiAccounts.create(first!.client, "free", 2)
      const [revoked, kept] = account.keys
      // Both instances have authenticated the key (and may hold it in their key cache).
      for (const started of [first!, second!, first!, second!]) {
        expect((await started.client.api("GET", "/bookmarks?limit=1", revoked!.key)).status).toBe(200)
      }
      const revocation = await first!.client.admin("DELETE", `/keys/${revoked!.id}`)
      expect(revocation.status, revocation.text).toBeLessThan(300)
      expectProblem(await second!.client.api("GET", "/bookmarks?limit=1", revoked!.key), 401, "unauthenticated")
      expectProblem(await first!.client.api("GET", "/bookmarks?limit=1", revoked!.key), 401, "unauthenticated")
      expect((await second!.client.api("GET", "/bookmarks?limit=1", kept!.key)).status).toBe(200)
    })

    it("a plan changed through one instance applies on the other's very next request", async () => {
      const account = await ApiAccounts.create(first!.client, "free")
      for (const started of [first!, second!]) {
        const answer = await started.client.api("GET", "/bookmarks?limit=1", account.key)
        expect(answer.headers.get("x-ratelimit-limit")).toBe("60")
      }
      const changed = await first!.client.admin("PUT", `/accounts/${account.id}/plan`, { plan: "plus" })
      expect(changed.status, changed.text).toBe(200)
      const answer = await second!.client.api("GET", "/bookmarks?limit=1", account.key)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("x-ratelimit-limit")).toBe("300")
    })

    it("admits exactly 60 of 200 concurrent requests split across both instances against the free plan", async () => {
      const answers = await burst()
      const statuses = answers.map((x) => x.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(60)
      expect(statuses.filter((s) => s === 429)).toHaveLength(140)
      // Both instances admitted some and refused some: the allowance is one, not one per process.
      for (const parity of [0, 1]) {
        const mine = answers.filter((_, i) => i % 2 === parity).map((x) => x.status)
        expect(mine).toContain(200)
        expect(mine).toContain(429)
      }
      const refused = answers.find((x) => x.status === 429)!
      expectProblem(refused, 429, "rate_limited_minute")
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0")
    })

    it("still admits exactly 60 while the servers' event loop stalls for most of a second at a time", async () => {
      // A CPU-bound callback (a big body, a GC pause) must not pass for a Redis outage, which would serve the
      // requests caught behind it uncounted. The stalls run in I/O callbacks, as request handling does.
      const stall = () =>
        stat("/", () => {
          const until = Date.now() + 800
          while (Date.now() < until) { /* busy */ }
        })
      const timers: Array<ReturnType<typeof setTimeout>> = []
      try {
        const answers = await burst(() =>
          void timers.push(...[20, 900, 1_800, 2_700].map((at) => setTimeout(stall, at)))
        )
        expect(answers.filter((x) => x.status !== 200 && x.status !== 429).map((x) => x.text)).toEqual([])
        // Every admitted request was counted: none went out without the allowance headers.
        expect(answers.filter((x) => x.headers.get("x-ratelimit-limit") === null)).toHaveLength(0)
        expect(answers.filter((x) => x.status === 200)).toHaveLength(60)
      } finally {
        timers.forEach(clearTimeout)
      }
    })
  })
})
