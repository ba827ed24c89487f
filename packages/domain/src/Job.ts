/** Enrichment jobs: one per bookmark, claimed with a lease, retried on transient failures. */
import { Schema } from "effect"
import { BookmarkId, JobId } from "./Ids.js"

export const Job = Schema.Struct({
  id: JobId,
  bookmarkId: BookmarkId,
  attempts: Schema.Number,
  runAt: Schema.Number
})
export type Job = typeof Job.Type

/** Delays before the retries of a transient failure: 30 s, 2 min, 10 min. */
export const retryDelays: ReadonlyArray<number> = [30_000, 120_000, 600_000]

/** Budget of one attempt. */
export const attemptBudget = 60_000

/** Lease of a claimed job: longer than the budget, so a live worker never loses its job. */
export const lease = 90_000

/** Delay before the next attempt after `attemptsMade` failed transiently, or null when it must finish now. */
export const retryDelay = (attemptsMade: number, delays: ReadonlyArray<number> = retryDelays): number | null =>
  delays[attemptsMade - 1] ?? null

/** Timings of enrichment; the defaults are those of docs/decisions.md, "Enrichment"; tests shorten them. */
export interface Timings {
  readonly retryDelays: ReadonlyArray<number>
  readonly attemptBudget: number
  readonly lease: number
}

export const defaultTimings: Timings = { retryDelays, attemptBudget, lease }
