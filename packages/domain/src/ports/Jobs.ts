/** Port: the enrichment job queue (claimed with a lease; at-least-once). */
import { Context, type Effect } from "effect"
import type { BookmarkId, JobId } from "../Ids.js"
import type { Job } from "../Job.js"
import type { Storage } from "./Storage.js"

/** The queue's size and its longest wait, for the operator's gauges. */
export interface Backlog {
  /** Items not finished yet (due, leased or scheduled later). */
  readonly size: number
  /** The earliest due time among items due at `now` and not leased; null when none is waiting. */
  readonly oldestDueAt: number | null
}

export class Jobs extends Context.Tag("Jobs")<Jobs, {
  readonly enqueue: (job: { readonly id: JobId; readonly bookmarkId: BookmarkId; readonly runAt: number }) => Storage<void>
  /**
   * Claims up to `max` jobs due at `now` whose lease is free or expired, leases them until `now + lease`
   * and counts the attempt. Concurrent claimers never get the same job.
   */
  readonly claim: (input: { readonly now: number; readonly lease: number; readonly max: number }) => Storage<ReadonlyArray<Job>>
  readonly complete: (id: JobId) => Storage<void>
  /** Frees the lease and schedules the next attempt at `runAt`. */
  readonly retryAt: (id: JobId, runAt: number) => Storage<void>
  /** Frees the lease without counting the attempt (graceful shutdown). */
  readonly release: (id: JobId) => Storage<void>
  /** The queue at `now`: one cheap read, made when the metrics are scraped. */
  readonly backlog: (now: number) => Storage<Backlog>
  /** Jobs not yet completed (for health and tests). */
  readonly pending: Storage<number>
  /** Completes when a job may have been enqueued since the call (a hint; callers also poll). */
  readonly awaitEnqueued: Effect.Effect<void>
}>() {}
