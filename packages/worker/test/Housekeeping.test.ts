/** Housekeeping: the delivery log loses attempts past their retention, and expired sessions go, on a timer. */
import {
  AccountId,
  AttemptId,
  Bulk,
  BulkId,
  BulkRuns,
  type DeliveryAttempt,
  DeliveryId,
  DeliveryLog,
  Sessions,
  WebhookId
} from "@bookmark-library/domain"
import { TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import * as Housekeeping from "../src/Housekeeping.js"

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
const retention = 30 * day

const webhookId = WebhookId.make("whk_kept")
const attempt = (id: string, at: number): DeliveryAttempt.Record => ({
  id: AttemptId.make(id),
  deliveryId: DeliveryId.make("dlv_1"),
  webhookId,
  accountId: AccountId.make("acc_1"),
  event: "bookmark.saved",
  trigger: "delivery",
  at,
  status: 200,
  error: null,
  durationMs: 12,
  responseSnippet: "ok"
})

/** A bulk run of `accountId`, finished at `finishedAt` (null: still running). */
const bulkRun = (id: string, finishedAt: number | null): Bulk.Record => ({
  id: BulkId.make(id),
  accountId: AccountId.make("acc_1"),
  operation: { action: "archive", tags: [], listId: "" },
  job: true,
  state: finishedAt === null ? "running" : "done",
  total: 1,
  position: finishedAt === null ? 0 : 1,
  ok: finishedAt === null ? 0 : 1,
  notFound: 0,
  failed: 0,
  results: [],
  createdAt: 0,
  finishedAt
})

/** The memory Sessions, with the times it was asked to prune before. */
const prunedSessionsAt: Array<number> = []
const watchedSessions = Layer.effect(
  Sessions,
  Effect.map(Sessions, (sessions) =>
    Sessions.of({
      ...sessions,
      pruneExpired: (at) => Effect.andThen(Effect.sync(() => prunedSessionsAt.push(at)), sessions.pruneExpired(at))
    }))
)

describe("Housekeeping", () => {
  it.effect("prunes attempts past the retention and expired sessions: a minute after start, then hourly", () =>
    Effect.gen(function*() {
      const start = 100 * day
      yield* TestClock.setTime(start)
      const log = yield* DeliveryLog
      yield* log.record(attempt("att_old", start - 31 * day))
      yield* log.record(attempt("att_edge", start - retention + 30 * minute))
      yield* log.record(attempt("att_recent", start - 29 * day))
      const kept = Effect.map(
        log.listForWebhook(webhookId, { limit: 10, before: Option.none() }),
        (rows) => rows.map((r) => r.id)
      )

      const fiber = yield* Effect.forkChild(Housekeeping.run({ logRetention: retention }))
      yield* TestClock.adjust("59 seconds")
      expect(yield* kept).toEqual(["att_recent", "att_edge", "att_old"])
      expect(prunedSessionsAt).toEqual([])

      // The first sweep: only what is older than the retention goes.
      yield* TestClock.adjust("1 second")
      expect(yield* kept).toEqual(["att_recent", "att_edge"])
      expect(prunedSessionsAt).toEqual([start + minute])

      // An hour later the edge attempt has aged past the retention.
      yield* TestClock.adjust("1 hour")
      expect(yield* kept).toEqual(["att_recent"])
      expect(prunedSessionsAt).toEqual([start + minute, start + minute + hour])
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(watchedSessions.pipe(Layer.provideMerge(TestApp.layer())))))

  it.effect("forgets bulk runs finished more than a week before a sweep, never a running one", () =>
    Effect.gen(function*() {
      const start = 100 * day
      yield* TestClock.setTime(start)
      const runs = yield* BulkRuns
      yield* runs.create(bulkRun("blk_old", start - 8 * day), ["bmk_1"], 0)
      yield* runs.create(bulkRun("blk_recent", start - 6 * day), ["bmk_1"], 0)
      yield* runs.create(bulkRun("blk_running", null), ["bmk_1"], start + 365 * day)
      const kept = Effect.map(
        Effect.forEach(["blk_old", "blk_recent", "blk_running"], (id) => runs.get(BulkId.make(id))),
        (found) => found.flatMap((o) => Option.toArray(o).map((r) => r.id))
      )
      const fiber = yield* Effect.forkChild(Housekeeping.run({ logRetention: retention }))
      yield* TestClock.adjust("1 minute")
      expect(yield* kept).toEqual(["blk_recent", "blk_running"])
      // A day and a bit later the recent one has passed the week too.
      yield* TestClock.adjust(`${Bulk.retention - 6 * day + hour} millis`)
      expect(yield* kept).toEqual(["blk_running"])
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(TestApp.layer())))
})
