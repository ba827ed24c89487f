/**
 * Resumes bulk runs whose process stopped (docs/lists.md, "Bulk actions"): a run is worked by the process that
 * accepted it, under a lease renewed by each step; when the lease runs out (the process died or was stopped),
 * this loop claims the run and carries it on from its last committed step (`resumeBulk`).
 */
import { Bulk, BulkRuns, resumeBulk } from "@bookmark-library/domain"
import { Cause, Clock, Duration, Effect, Layer, Option } from "effect"

export interface BulkOptions {
  /** How often to look for a run whose lease ran out. */
  readonly pollInterval: Duration.Input
  readonly lease: number
}

export const defaults: BulkOptions = { pollInterval: Duration.seconds(5), lease: Bulk.lease }

export const run = (options: Partial<BulkOptions> = {}) =>
  Effect.gen(function*() {
    const { lease, pollInterval } = { ...defaults, ...options }
    const runs = yield* BulkRuns
    for (;;) {
      const now = yield* Clock.currentTimeMillis
      // Polling for work makes no trace of its own (docs/operations.md, "Traces"): only the work does.
      const claimed = yield* Effect.result(runs.claim({ now, lease }).pipe(Effect.withTracerEnabled(false)))
      if (claimed._tag === "Failure" || Option.isNone(claimed.success)) {
        if (claimed._tag === "Failure") yield* Effect.logWarning("bulk: cannot claim work; retrying")
        yield* Effect.sleep(pollInterval)
        continue
      }
      const record = claimed.success.value
      yield* Effect.logInfo("bulk action resumed").pipe(
        Effect.annotateLogs({ bulkId: record.id, position: record.position, total: record.total })
      )
      yield* resumeBulk(record).pipe(
        Effect.onInterrupt(() => Effect.ignore(runs.release(record.id))),
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logWarning("bulk action stopped; it resumes when its lease runs out").pipe(
              Effect.annotateLogs({ bulkId: record.id, cause: Cause.pretty(cause) })
            )
        )
      )
    }
  })

/** The runner as a layer: it starts with the layer and stops (releasing its run) with its scope. */
export const layer = (options: Partial<BulkOptions> = {}) => Layer.effectDiscard(Effect.forkScoped(run(options)))
