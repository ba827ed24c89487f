/**
 * Contract of the Jobs port: leases, attempts, retries, release, exclusive claims under concurrency; jobs go with their
 * bookmark.
 */
import { type Accounts, Bookmarks, ImportId, JobId, Jobs } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Array as Arr, Effect, Fiber, type Layer } from "effect"
import { insertBookmark, newAccount, uid } from "./Support.js"

export const jobsContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks | Jobs, E>) =>
  describe(`Jobs contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks | Jobs>) => effect.pipe(Effect.provide(layer))

    const enqueued = (runAt: number) =>
      Effect.gen(function*() {
        const jobs = yield* Jobs
        const account = yield* newAccount()
        const bookmark = yield* insertBookmark(account.id, runAt)
        const id = JobId.make(uid("job_"))
        yield* jobs.enqueue({ id, bookmarkId: bookmark.id, runAt })
        return { id, bookmarkId: bookmark.id }
      })

    it.effect("claims a due job once per lease and counts attempts", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const job = yield* enqueued(1_000)
        expect(yield* jobs.claim({ now: 999, lease: 100, max: 10 })).toEqual([])
        const first = yield* jobs.claim({ now: 1_000, lease: 100, max: 10 })
        expect(first).toEqual([{
          ...job,
          attempts: 1,
          runAt: 1_000,
          lane: "interactive",
          events: true,
          importId: null
        }])
        expect(yield* jobs.claim({ now: 1_099, lease: 100, max: 10 })).toEqual([])
        const taken = yield* jobs.claim({ now: 1_100, lease: 100, max: 10 })
        expect(taken.map((j) => [j.id, j.attempts])).toEqual([[job.id, 2]])
        expect(yield* jobs.pending).toBe(1)
        yield* jobs.complete(job.id)
        expect(yield* jobs.claim({ now: 10_000, lease: 100, max: 10 })).toEqual([])
        expect(yield* jobs.pending).toBe(0)
      })))

    it.effect("retries at a later time and releases without counting the attempt", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const job = yield* enqueued(0)
        yield* jobs.claim({ now: 0, lease: 1_000, max: 1 })
        yield* jobs.retryAt(job.id, 5_000)
        expect(yield* jobs.claim({ now: 4_999, lease: 1_000, max: 1 })).toEqual([])
        const again = yield* jobs.claim({ now: 5_000, lease: 1_000, max: 1 })
        expect(again.map((j) => j.attempts)).toEqual([2])
        yield* jobs.release(job.id)
        const afterRelease = yield* jobs.claim({ now: 5_001, lease: 1_000, max: 1 })
        expect(afterRelease.map((j) => [j.id, j.attempts])).toEqual([[job.id, 2]])
        yield* jobs.complete(job.id)
      })))

    it.effect("respects max and never hands one job to two concurrent claimers", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const created = yield* Effect.forEach(Array.from({ length: 30 }), () => enqueued(0))
        const limited = yield* jobs.claim({ now: 0, lease: 10, max: 4 })
        expect(limited.length).toBe(4)
        const results = yield* Effect.all(
          Array.from({ length: 12 }, () => jobs.claim({ now: 10, lease: 1_000, max: 5 })),
          { concurrency: "unbounded" }
        )
        const ids = results.flat().map((j) => j.id).filter((id) => created.some((c) => c.id === id))
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.length).toBe(30)
        yield* Effect.forEach(created, (c) => jobs.complete(c.id))
      })))

    // Other tests leave rows behind: sizes are compared before and after, and these rows are due long before any of
    // theirs.
    it.effect("reports the queue's size and its longest-waiting due job, leased ones aside", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const before = yield* jobs.backlog(0)
        const older = yield* enqueued(-5_000_000)
        const newer = yield* enqueued(-4_000_000)
        expect(yield* jobs.backlog(0)).toEqual({ size: before.size + 2, oldestDueAt: -5_000_000 })
        yield* jobs.claim({ now: 0, lease: 10_000_000, max: 1 })
        expect(yield* jobs.backlog(0)).toEqual({ size: before.size + 2, oldestDueAt: -4_000_000 })
        yield* jobs.complete(older.id)
        yield* jobs.complete(newer.id)
        expect(yield* jobs.backlog(0)).toEqual(before)
      })))

    const importJobs = (hosts: ReadonlyArray<string>, runAt: number) =>
      Effect.gen(function*() {
        const jobs = yield* Jobs
        const account = yield* newAccount()
        const importId = ImportId.make(uid("imp_"))
        const made = yield* Effect.forEach(hosts, (host) =>
          Effect.map(insertBookmark(account.id, runAt), (b) => ({
            id: JobId.make(uid("job_")),
            bookmarkId: b.id,
            runAt,
            lane: "import" as const,
            host,
            events: false,
            importId
          })))
        yield* jobs.enqueueMany(made)
        return { made, importId }
      })

    it.effect("keeps the lanes apart: an interactive claim never takes an import job, and the reverse", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        // Far in the future of every other test's jobs, so only these are due.
        const at = 1e12
        const { importId, made } = yield* importJobs(["lanes.example"], at)
        const interactive = yield* enqueued(at)
        const first = yield* jobs.claim({ now: at, lease: 10, max: 10, lane: "interactive" })
        expect(first.map((j) => [j.id, j.lane, j.events, j.importId])).toEqual([[
          interactive.id,
          "interactive",
          true,
          null
        ]])
        const second = yield* jobs.claim({ now: at, lease: 10, max: 10, lane: "import", hostGap: 0 })
        expect(second.map((j) => [j.id, j.lane, j.events, j.importId, j.attempts])).toEqual([[
          Arr.getUnsafe(made, 0).id,
          "import",
          false,
          importId,
          1
        ]])
        yield* Effect.forEach([interactive.id, ...made.map((m) => m.id)], (id) => jobs.complete(id))
      })))

    it.effect("paces the import lane per host: one job per host per claim, none while one is leased, none within the gap", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const at = 2e12
        const { made } = yield* importJobs(["a.example", "a.example", "a.example", "b.example:8080", "", ""], at)
        const ids = (claimed: ReadonlyArray<{ readonly id: string }>) => claimed.map((j) => j.id).sort()
        // One of a.example (the first), one of b.example and both jobs without a host.
        const first = yield* jobs.claim({ now: at, lease: 5_000, max: 10, lane: "import", hostGap: 1_000 })
        expect(ids(first)).toEqual([0, 3, 4, 5].map((i) => Arr.getUnsafe(made, i).id).sort())
        // a.example's job is leased: nothing more of that host, even with no gap.
        expect(yield* jobs.claim({ now: at + 50, lease: 100, max: 10, lane: "import", hostGap: 0 })).toEqual([])
        yield* jobs.complete(Arr.getUnsafe(made, 0).id)
        // Done, but a.example started less than the gap ago.
        expect(yield* jobs.claim({ now: at + 500, lease: 100, max: 10, lane: "import", hostGap: 1_000 })).toEqual([])
        const next = yield* jobs.claim({ now: at + 1_000, lease: 100, max: 10, lane: "import", hostGap: 1_000 })
        expect(ids(next)).toEqual([Arr.getUnsafe(made, 1).id])
        yield* Effect.forEach(made, (m) => jobs.complete(m.id))
      })))

    it.effect("wakes a waiter when a job is enqueued", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const waiter = yield* Effect.forkChild(jobs.awaitEnqueued)
        yield* Effect.yieldNow
        const job = yield* enqueued(0)
        yield* Fiber.join(waiter)
        yield* jobs.complete(job.id)
      })), 20_000)

    it.effect("a job goes with its bookmark: once the bookmark is deleted it is neither claimed nor pending", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const bookmarks = yield* Bookmarks
        const before = yield* jobs.pending
        const job = yield* enqueued(9_000_000)
        expect(yield* jobs.pending).toBe(before + 1)
        expect(yield* bookmarks.delete(job.bookmarkId)).toBe(true)
        expect(yield* jobs.pending).toBe(before)
        const claimed = yield* jobs.claim({ now: 9_000_000, lease: 100, max: 1_000 })
        expect(claimed.map((j) => j.id)).not.toContain(job.id)
      })))
  })
