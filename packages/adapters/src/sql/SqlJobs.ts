/** The enrichment queue in SQL: claimed with `FOR UPDATE SKIP LOCKED` and a lease; NOTIFY wakes workers. */
import * as SqlClient from "@effect/sql/SqlClient"
import { BookmarkId, type Job, JobId, Jobs } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { channel, SqlNotifications } from "./SqlNotifications.js"
import { decodeAll, decodeFirst, Int8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: JobId,
  bookmark_id: BookmarkId,
  attempts: Schema.Int,
  run_at: Int8
})
const toJob = (row: typeof Row.Type): Job.Job => ({
  id: row.id,
  bookmarkId: row.bookmark_id,
  attempts: row.attempts,
  runAt: row.run_at
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const notifications = yield* SqlNotifications
  const all = decodeAll(Row)
  const count = decodeFirst(Schema.Struct({ count: Int8 }))

  return Jobs.of({
    // The NOTIFY is part of the statement, so it is delivered only if and when the enqueue commits.
    enqueue: Effect.fn("SqlJobs.enqueue")(function*(job) {
      yield* storage(sql`
        WITH inserted AS (
          INSERT INTO jobs (id, bookmark_id, run_at) VALUES (${job.id}, ${job.bookmarkId}, ${job.runAt})
          RETURNING id
        )
        SELECT pg_notify(${channel}, 'jobs') FROM inserted`)
    }),

    claim: Effect.fn("SqlJobs.claim")(function*({ lease, max, now }) {
      const rows = yield* storage(sql`
        WITH due AS (
          SELECT id FROM jobs
          WHERE run_at <= ${now} AND locked_until <= ${now}
          ORDER BY run_at, seq
          LIMIT ${max}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE jobs SET locked_until = ${now + lease}, attempts = jobs.attempts + 1
        FROM due WHERE jobs.id = due.id
        RETURNING jobs.id, jobs.bookmark_id, jobs.attempts, jobs.run_at`)
      return (yield* storage(all(rows))).map(toJob).sort((a, b) => a.runAt - b.runAt)
    }),

    complete: Effect.fn("SqlJobs.complete")(function*(id) {
      yield* storage(sql`DELETE FROM jobs WHERE id = ${id}`)
    }),

    retryAt: Effect.fn("SqlJobs.retryAt")(function*(id, runAt) {
      yield* storage(sql`UPDATE jobs SET locked_until = 0, run_at = ${runAt} WHERE id = ${id}`)
    }),

    release: Effect.fn("SqlJobs.release")(function*(id) {
      yield* storage(sql`UPDATE jobs SET locked_until = 0, attempts = greatest(attempts - 1, 0) WHERE id = ${id}`)
    }),

    pending: storage(Effect.flatMap(sql`SELECT count(*) AS count FROM jobs`, count)).pipe(
      Effect.map(Option.match({ onNone: () => 0, onSome: (row) => row.count })),
      Effect.withSpan("SqlJobs.pending")
    ),

    awaitEnqueued: notifications.next("jobs")
  })
})

export const layer = Layer.effect(Jobs, make)
