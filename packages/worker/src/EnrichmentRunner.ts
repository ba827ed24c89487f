/** Runs enrichment jobs: claims with a lease, processes with bounded concurrency, releases on shutdown. */
import { Jobs, Policy, processJob } from "@bookmark-library/domain"
import { Duration, Effect, Layer } from "effect"
import * as ClaimLoop from "./ClaimLoop.js"

export interface EnrichmentOptions {
  /** Jobs processed at once by this process (default 2). */
  readonly concurrency: number
  readonly pollInterval: Duration.DurationInput
}

export const defaults: EnrichmentOptions = { concurrency: 2, pollInterval: Duration.seconds(2) }

export const run = (options: Partial<EnrichmentOptions> = {}) =>
  Effect.gen(function*() {
    const { concurrency, pollInterval } = { ...defaults, ...options }
    const jobs = yield* Jobs
    const { enrichment } = yield* Policy.Policy
    yield* Effect.logInfo("enrichment worker started").pipe(Effect.annotateLogs({ concurrency }))
    return yield* ClaimLoop.run({
      name: "enrichment",
      concurrency,
      pollInterval,
      claim: (now, max) => jobs.claim({ now, lease: enrichment.lease, max }),
      run: (job) => processJob(job).pipe(Effect.annotateLogs({ jobId: job.id, bookmarkId: job.bookmarkId })),
      release: (job) => jobs.release(job.id),
      awaitEnqueued: jobs.awaitEnqueued
    })
  })

/** The runner as a layer: it starts with the layer and stops (releasing in-flight jobs) with its scope. */
export const layer = (options: Partial<EnrichmentOptions> = {}) => Layer.scopedDiscard(Effect.forkScoped(run(options)))
