/** Port: the enrichment job queue (claimed with a lease; at-least-once), in two lanes. */
import { Context, type Effect } from "effect"
import type { JobId } from "../Ids.js"
import type { Job, Lane, NewJob } from "../Job.js"
import type { Storage } from "./Storage.js"

/** The queue's size and its longest wait, for the operator's gauges. */
export interface Backlog {
  /** Items not finished yet (due, leased or scheduled later). */
  readonly size: number
  /** The earliest due time among items due at `now` and not leased; null when none is waiting. */
  readonly oldestDueAt: number | null
}

export class Jobs extends Context.Service<Jobs, {
  /** Enqueues one job; lane `interactive`, events on and no import unless given. */
  readonly enqueue: (job: NewJob) => Storage<void>
  /** Enqueues many jobs at once (an import's batch); one wake-up for all of them. */
  readonly enqueueMany: (jobs: ReadonlyArray<NewJob>) => Storage<void>
  /**
   * Claims up to `max` jobs of `lane` (default `interactive`) due at `now` whose lease is free or expired, leases
   * them until `now + lease` and counts the attempt. Concurrent claimers never get the same job.
   * The `import` lane is paced by host: a claim takes at most one job per host, none of a host that has an import
   * job leased, and none of a host whose last import job was claimed less than `hostGap` ms before `now`.
   * Jobs with host "" are not paced.
   */
  readonly claim: (input: {
    readonly now: number
    readonly lease: number
    readonly max: number
    readonly lane?: Lane | undefined
    readonly hostGap?: number | undefined
  }) => Storage<ReadonlyArray<Job>>
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
}>()("Jobs") {}
