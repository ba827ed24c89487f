/**
 * Runs enrichment jobs: claims with a lease, processes with bounded concurrency, releases on shutdown. Interactive
 * jobs are claimed first into any free slot; import jobs only into the import slots (all but one, Job.importSlots),
 * paced per host by the queue, so a save made during a large import finds a slot at once.
 */
import { Job, Jobs, processJob, Settings } from "@bookmark-library/domain"
import { Duration, Effect, Layer, Ref } from "effect"
import * as ClaimLoop from "./ClaimLoop.js"
import * as WorkerMetrics from "./WorkerMetrics.js"

export interface EnrichmentOptions {
  /** Jobs processed at once by this process (default 2). */
  readonly concurrency: number
  readonly pollInterval: Duration.Input
}

export const defaults: EnrichmentOptions = { concurrency: 2, pollInterval: Duration.seconds(2) }

export const run = (options: Partial<EnrichmentOptions> = {}) =>
  Effect.gen(function*() {
    const { concurrency, pollInterval } = { ...defaults, ...options }
    const jobs = yield* Jobs
    const { enrichment } = yield* Settings.Settings
    const importSlots = Job.importSlots(concurrency)
    const hostGap = enrichment.hostGap ?? Job.hostGap
    const importing = yield* Ref.make(0)
    yield* Effect.logInfo("enrichment worker started").pipe(Effect.annotateLogs({ concurrency, importSlots }))

    const claim = (now: number, max: number) =>
      Effect.gen(function*() {
        const interactive = yield* jobs.claim({ now, lease: enrichment.lease, max, lane: "interactive" })
        const room = Math.min(max - interactive.length, importSlots - (yield* Ref.get(importing)))
        if (room <= 0) return interactive
        const imported = yield* jobs.claim({ now, lease: enrichment.lease, max: room, lane: "import", hostGap })
        yield* Ref.update(importing, (n) => n + imported.length)
        return [...interactive, ...imported]
      })
    const counted = (job: Job.Job) => (job.lane === "import" ? Ref.update(importing, (n) => n - 1) : Effect.void)

    return yield* ClaimLoop.run({
      name: "enrichment",
      concurrency,
      pollInterval,
      claim,
      run: (job) =>
        processJob(job).pipe(
          WorkerMetrics.observe(WorkerMetrics.enrichment),
          Effect.annotateLogs({ jobId: job.id, bookmarkId: job.bookmarkId }),
          Effect.ensuring(counted(job))
        ),
      release: (job) => jobs.release(job.id),
      awaitEnqueued: jobs.awaitEnqueued
    })
  })

/** The runner as a layer: it starts with the layer and stops (releasing in-flight jobs) with its scope. */
export const layer = (options: Partial<EnrichmentOptions> = {}) => Layer.effectDiscard(Effect.forkScoped(run(options)))
