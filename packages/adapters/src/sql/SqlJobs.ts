/**
 * The enrichment queue in SQL: claimed with `FOR UPDATE SKIP LOCKED` and a lease; NOTIFY wakes workers. Two lanes:
 * interactive jobs are claimed as they come; import jobs are paced per host (`job_hosts`), their claims taking turns
 * under an advisory lock so no two workers start the same host at once.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { BookmarkId, ImportId, Job, JobId, Jobs } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { channel, SqlNotifications } from "./SqlNotifications.js"
import { decodeAll, decodeFirst, Int8, NullableInt8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: JobId,
  bookmark_id: BookmarkId,
  attempts: Schema.Int,
  run_at: Int8,
  lane: Job.Lane,
  events: Schema.Boolean,
  import_id: Schema.NullOr(ImportId)
})
const toJob = (row: typeof Row.Type): Job.Job => ({
  id: row.id,
  bookmarkId: row.bookmark_id,
  attempts: row.attempts,
  runAt: row.run_at,
  lane: row.lane,
  events: row.events,
  importId: row.import_id
})

const toRow = (job: Job.NewJob) => ({
  id: job.id,
  bookmark_id: job.bookmarkId,
  run_at: job.runAt,
  lane: job.lane ?? "interactive",
  host: job.host ?? "",
  events: job.events ?? true,
  import_id: job.importId ?? null
})

/** Arbitrary but fixed: the advisory lock import-lane claimers take turns under ("bkim"). */
const importClaimLock = 0x626b696d

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const notifications = yield* SqlNotifications
  const all = decodeAll(Row)
  const count = decodeFirst(Schema.Struct({ count: Int8 }))
  const backlogRow = decodeFirst(Schema.Struct({ size: Int8, oldest: NullableInt8 }))
  const returning = sql.literal("jobs.id, jobs.bookmark_id, jobs.attempts, jobs.run_at, jobs.lane, jobs.events, jobs.import_id")

  const interactive = (now: number, lease: number, max: number) => sql`
    WITH due AS (
      SELECT id FROM jobs
      WHERE lane = 'interactive' AND run_at <= ${now} AND locked_until <= ${now}
      ORDER BY run_at, seq
      LIMIT ${max}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE jobs SET locked_until = ${now + lease}, attempts = jobs.attempts + 1
    FROM due WHERE jobs.id = due.id
    RETURNING ${returning}`

  /**
   * One job per host, none of a host with an import job leased or started less than `gap` ago; jobs without a host
   * (text notes) are not paced. The claimed hosts' next start moves to `now + gap` in the same statement.
   */
  const paced = (now: number, lease: number, max: number, gap: number) =>
    sql.withTransaction(Effect.zipRight(
      sql`SELECT pg_advisory_xact_lock(${importClaimLock})`,
      sql`
        WITH blocked AS (
          SELECT host FROM jobs WHERE lane = 'import' AND host <> '' AND locked_until > ${now}
          UNION SELECT host FROM job_hosts WHERE next_at > ${now}
        ),
        firsts AS (
          SELECT DISTINCT ON (CASE WHEN host = '' THEN id ELSE host END) id, host, run_at, seq FROM jobs
          WHERE lane = 'import' AND run_at <= ${now} AND locked_until <= ${now}
            AND host NOT IN (SELECT host FROM blocked)
          ORDER BY CASE WHEN host = '' THEN id ELSE host END, run_at, seq
        ),
        chosen AS (SELECT id, host FROM firsts ORDER BY run_at, seq LIMIT ${max}),
        paced AS (
          INSERT INTO job_hosts (host, next_at)
          SELECT DISTINCT host, ${now + gap}::bigint FROM chosen WHERE host <> ''
          ON CONFLICT (host) DO UPDATE SET next_at = EXCLUDED.next_at
        )
        UPDATE jobs SET locked_until = ${now + lease}, attempts = jobs.attempts + 1
        FROM chosen WHERE jobs.id = chosen.id
        RETURNING ${returning}`
    ))

  return Jobs.of({
    // The NOTIFY is part of the statement, so it is delivered only if and when the enqueue commits.
    enqueue: Effect.fn("SqlJobs.enqueue")(function*(job) {
      yield* storage(sql`
        WITH inserted AS (INSERT INTO jobs ${sql.insert(toRow(job))} RETURNING id)
        SELECT pg_notify(${channel}, 'jobs') FROM inserted`)
    }),

    enqueueMany: Effect.fn("SqlJobs.enqueueMany")(function*(jobs) {
      if (jobs.length === 0) return
      yield* storage(sql`
        WITH inserted AS (INSERT INTO jobs ${sql.insert(jobs.map(toRow))} RETURNING id)
        SELECT pg_notify(${channel}, 'jobs') FROM (SELECT 1 FROM inserted LIMIT 1) AS one`)
    }),

    claim: Effect.fn("SqlJobs.claim")(function*({ hostGap = 0, lane = "interactive", lease, max, now }) {
      if (max <= 0) return []
      const rows = yield* storage(lane === "interactive" ? interactive(now, lease, max) : paced(now, lease, max, hostGap))
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

    // Finished jobs are deleted, so every row is a queued one.
    backlog: Effect.fn("SqlJobs.backlog")(function*(now) {
      const rows = yield* storage(sql`
        SELECT count(*) AS size,
          min(run_at) FILTER (WHERE run_at <= ${now}::bigint AND locked_until <= ${now}::bigint) AS oldest
        FROM jobs`)
      const row = yield* storage(backlogRow(rows))
      return Option.match(row, {
        onNone: () => ({ size: 0, oldestDueAt: null }),
        onSome: ({ oldest, size }) => ({ size, oldestDueAt: oldest })
      })
    }),

    pending: storage(Effect.flatMap(sql`SELECT count(*) AS count FROM jobs`, count)).pipe(
      Effect.map(Option.match({ onNone: () => 0, onSome: (row) => row.count })),
      Effect.withSpan("SqlJobs.pending")
    ),

    awaitEnqueued: notifications.next("jobs")
  })
})

export const layer = Layer.effect(Jobs, make)
