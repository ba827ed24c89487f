/** Enrichment jobs: one per bookmark, claimed with a lease, retried on transient failures; two lanes. */
import { Schema } from "effect"
import { BookmarkId, ImportId, JobId } from "./Ids.js"

/**
 * Which queue a job waits in. `interactive`: saves from the API, app, extension and MCP, always claimed first.
 * `import`: the backlog of an import, claimed only into the slots interactive work leaves and paced per host
 * (docs/import-export.md, "Enrichment of imports: a lane of its own, paced per site").
 */
export const Lane = Schema.Literals(["interactive", "import"])
export type Lane = typeof Lane.Type

export const Job = Schema.Struct({
  id: JobId,
  bookmarkId: BookmarkId,
  attempts: Schema.Finite,
  runAt: Schema.Finite,
  lane: Lane,
  /** Whether completing the job emits `bookmark.saved` (an import may be quiet). */
  events: Schema.Boolean,
  /** The import whose bookmark this is, counted as enriched when the job completes. */
  importId: Schema.NullOr(ImportId)
})
export type Job = typeof Job.Type

/** What enqueueing needs; `host` is the page's host, the unit of pacing of the import lane ("" when none). */
export interface NewJob {
  readonly id: JobId
  readonly bookmarkId: BookmarkId
  readonly runAt: number
  readonly lane?: Lane | undefined
  readonly host?: string | undefined
  readonly events?: boolean | undefined
  readonly importId?: ImportId | null | undefined
}

/** Delays before the retries of a transient failure: 30 s, 2 min, 10 min. */
export const retryDelays: ReadonlyArray<number> = [30_000, 120_000, 600_000]

/** Budget of one attempt. */
export const attemptBudget = 60_000

/** Lease of a claimed job: longer than the budget, so a live worker never loses its job. */
export const lease = 90_000

/** Import-lane pacing: at most one job of a host starts per this many milliseconds, across every worker. */
export const hostGap = 2_000

/** Delay before the next attempt after `attemptsMade` failed transiently, or null when it must finish now. */
export const retryDelay = (attemptsMade: number, delays: ReadonlyArray<number> = retryDelays): number | null =>
  delays[attemptsMade - 1] ?? null

/**
 * Import-lane slots of a worker with `concurrency` slots: all but one, so an interactive save always finds a free
 * slot at once (with a single slot there is nothing to reserve; a save then waits for at most one page).
 */
export const importSlots = (concurrency: number): number => Math.max(1, concurrency - 1)

/** The host a page's job is paced by ("" for an item with no page, such as a text note). */
export const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ""
  }
}

/** Timings of enrichment; the defaults are those of docs/decisions.md, "Enrichment"; tests shorten them. */
export interface Timings {
  readonly retryDelays: ReadonlyArray<number>
  readonly attemptBudget: number
  readonly lease: number
  /** Import-lane pacing per host (`hostGap`). */
  readonly hostGap?: number | undefined
}

export const defaultTimings: Timings = { retryDelays, attemptBudget, lease, hostGap }
