/**
 * The enrichment queue in SQL: claimed with `FOR UPDATE SKIP LOCKED` and a lease; NOTIFY wakes workers. Two lanes:
 * interactive jobs are claimed as they come; import jobs are paced per host (`job_hosts`), their claims taking turns
 * under an advisory lock so no two workers start the same host at once.
 */
import { BookmarkId, ImportId, Job, JobId, Jobs } from "@bookmark-library/domain"
import { Array as Arr, Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { channel, SqlNotifications } from "../clients/SqlNotifications.js"
import { Int8, NullableInt8, Row } from "../rows/RowSchema.js"

const JobRow = Row({
  id: JobId,
  bookmarkId: BookmarkId,
  attempts: Schema.Int,
  runAt: Int8,
  lane: Job.Lane,
  events: Schema.Boolean,
  importId: Schema.NullOr(ImportId)
})
const CountRow = Row({ count: Int8 })
const BacklogRow = Row({ size: Int8, oldest: NullableInt8 })

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
  const returning = sql.literal(
    "jobs.id, jobs.bookmark_id, jobs.attempts, jobs.run_at, jobs.lane, jobs.events, jobs.import_id"
  )

  const interactive = (now: number, lease: number, max: number) =>
    sql`
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
    sql.withTransaction(Effect.andThen(
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

  const claim = SqlSchema.findAll({
    Request: Schema.Struct({
      lane: Job.Lane,
      now: Schema.Number,
      lease: Schema.Number,
      max: Schema.Number,
      hostGap: Schema.Number
    }),
    Result: JobRow,
    execute: ({ hostGap, lane, lease, max, now }) =>
      lane === "interactive" ? interactive(now, lease, max) : paced(now, lease, max, hostGap)
  })

  // Finished jobs are deleted, so every row is a queued one.
  const backlog = SqlSchema.findOneOption({
    Request: Schema.Number,
    Result: BacklogRow,
    execute: (now) =>
      sql`
      SELECT count(*) AS size,
        min(run_at) FILTER (WHERE run_at <= ${now}::bigint AND locked_until <= ${now}::bigint) AS oldest
      FROM jobs`
  })

  const pending = SqlSchema.findOneOption({
    Request: Schema.Void,
    Result: CountRow,
    execute: () => sql`SELECT count(*) AS count FROM jobs`
  })

  return Jobs.of({
    // The NOTIFY is part of the statement, so it is delivered only if and when the enqueue commits.
    enqueue: Effect.fn("SqlJobs.enqueue")(function*(job) {
      yield* storage(sql`
        WITH inserted AS (INSERT INTO jobs ${sql.insert(toRow(job))} RETURNING id)
        SELECT pg_notify(${channel}, 'jobs') FROM inserted`)
    }),

    enqueueMany: Effect.fn("SqlJobs.enqueueMany")(function*(jobs) {
      if (!Arr.isReadonlyArrayNonEmpty(jobs)) return
      yield* storage(sql`
        WITH inserted AS (INSERT INTO jobs ${sql.insert(Arr.map(jobs, toRow))} RETURNING id)
        SELECT pg_notify(${channel}, 'jobs') FROM (SELECT 1 FROM inserted LIMIT 1) AS one`)
    }),

    claim: Effect.fn("SqlJobs.claim")(function*({ hostGap = 0, lane = "interactive", lease, max, now }) {
      if (max <= 0) return []
      const jobs = yield* storage(claim({ hostGap, lane, lease, max, now }))
      return jobs.sort((a, b) => a.runAt - b.runAt)
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

    backlog: Effect.fn("SqlJobs.backlog")(function*(now) {
      return Option.match(yield* storage(backlog(now)), {
        onNone: () => ({ size: 0, oldestDueAt: null }),
        onSome: ({ oldest, size }) => ({ size, oldestDueAt: oldest })
      })
    }),

    pending: storage(pending(undefined)).pipe(
      Effect.map(Option.match({ onNone: () => 0, onSome: (row) => row.count })),
      Effect.withSpan("SqlJobs.pending")
    ),

    awaitEnqueued: notifications.next("jobs")
  })
})

export const layer = Layer.effect(Jobs, make)
