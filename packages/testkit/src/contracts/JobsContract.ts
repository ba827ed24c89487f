/** Contract of the Jobs port: leases, attempts, retries, release and exclusive claims under concurrency. */
import { type Accounts, type Bookmarks, JobId, Jobs } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, type Layer } from "effect"
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
        expect(first).toEqual([{ ...job, attempts: 1, runAt: 1_000 }])
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

    it.effect("wakes a waiter when a job is enqueued", () =>
      run(Effect.gen(function*() {
        const jobs = yield* Jobs
        const waiter = yield* Effect.fork(jobs.awaitEnqueued)
        yield* Effect.yieldNow()
        const job = yield* enqueued(0)
        yield* Fiber.join(waiter)
        yield* jobs.complete(job.id)
      })), 20_000)
  })
