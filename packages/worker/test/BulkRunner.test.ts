/**
 * Bulk runs survive the death of the process that works on them: a run stopped after some steps (its process gone,
 * its last step rolled back) is claimed by the runner once its lease runs out and finished from its position, with
 * each bookmark handled once.
 */
import {
  Actor,
  Bulk,
  BulkPace,
  bulkProgress,
  BulkRuns,
  listBookmarks,
  operationOf,
  runBulk,
  selectionOf
} from "@bookmark-library/domain"
import { Fixtures, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as BulkRunner from "../src/BulkRunner.js"

/**
 * The port as one process sees it, recording the position each committed step started from. With `dieAfter`, the
 * process dies in its next step after that many: the step's transaction is rolled back with it.
 */
const watched = (runs: BulkRuns["Service"], steps: Array<number>, dieAfter = Infinity) => {
  let left = dieAfter
  const state = { died: false }
  const service = BulkRuns.of({
    ...runs,
    advance: (id, from, step, leaseUntil) =>
      Effect.gen(function*() {
        if (left <= 0) {
          state.died = true
          return yield* Effect.die(new Error("the process stopped"))
        }
        const moved = yield* runs.advance(id, from, step, leaseUntil)
        if (moved) {
          left--
          steps.push(from)
        }
        return moved
      })
  })
  return { service, state }
}

describe("BulkRunner", () => {
  it.effect("finishes a run whose process died after some steps, from where it stood, each bookmark once", () =>
    Effect.gen(function*() {
      const { account, principal } = yield* Fixtures.accountWithKey()
      const total = Bulk.jobThreshold + 130
      for (let i = 0; i < total; i++) yield* Fixtures.save(principal, { url: `https://example.com/${i}` })
      const runs = yield* BulkRuns
      const steps: Array<number> = []
      // The first process: deletes every match, and dies in its fifth step.
      const first = watched(runs, steps, 4)
      const operation = yield* operationOf({ action: "delete" })
      const selection = yield* selectionOf({ q: "example" })
      const started = yield* runBulk(account.id, operation, selection).pipe(
        Effect.provideService(BulkRuns, first.service)
      )
      expect(started).toMatchObject({ state: "running", total, done: 0 })
      for (let i = 0; i < 10_000 && !first.state.died; i++) yield* Effect.yieldNow
      expect(first.state.died).toBe(true)

      // Any process reads where it stands: four steps of twenty committed, the fifth rolled back.
      const me = Actor.account(account.id)
      const stopped = yield* bulkProgress(me, started.id)
      expect(stopped).toMatchObject({ state: "running", total, done: 80, ok: 80, notFound: 0, failed: 0 })
      expect((yield* listBookmarks(account.id, { q: "example", limit: "100" })).bookmarks.length).toBe(100)

      // The runner of another process: nothing to take while the lease holds, the run once it has run out.
      const second = watched(runs, steps)
      const fiber = yield* Effect.forkChild(
        BulkRunner.run({ pollInterval: "1 second" }).pipe(Effect.provideService(BulkRuns, second.service))
      )
      yield* TestClock.adjust(Bulk.lease - 2_000)
      expect((yield* bulkProgress(me, started.id)).done).toBe(80)
      yield* TestClock.adjust("3 seconds")
      let progress = yield* bulkProgress(me, started.id)
      for (let i = 0; i < 10_000 && progress.state === "running"; i++) {
        yield* Effect.yieldNow
        progress = yield* bulkProgress(me, started.id)
      }
      yield* Fiber.interrupt(fiber)

      // Every bookmark deleted once: a delete done twice would answer not_found the second time.
      expect(progress).toMatchObject({ state: "done", total, done: total, ok: total, notFound: 0, failed: 0 })
      expect(progress.results).toEqual([])
      expect(steps).toEqual(Array.from({ length: Math.ceil(total / 20) }, (_, i) => i * 20))
      expect((yield* listBookmarks(account.id, { q: "example" })).bookmarks).toEqual([])
    }).pipe(Effect.provideService(BulkPace, { rest: 0 }), Effect.provide(TestApp.layer())))
})
