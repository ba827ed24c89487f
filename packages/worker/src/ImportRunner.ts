/**
 * Runs imports: claims one running import at a time and carries it batch by batch to its end (RunImport); a
 * crashed worker's import is taken over when its lease runs out and resumes from its last committed batch.
 */
import { Import, Imports, runImport } from "@bookmark-library/domain"
import { Cause, Clock, Duration, Effect, Layer, Option } from "effect"
import { waitForWork } from "./Wakeup.js"

export interface ImportOptions extends Import.Pace {
  readonly pollInterval: Duration.Input
}

export const defaults: ImportOptions = { pollInterval: Duration.seconds(2), ...Import.defaultPace }

export const run = (options: Partial<ImportOptions> = {}) =>
  Effect.gen(function*() {
    const { batchSize, lease, pollInterval, rest } = { ...defaults, ...options }
    const imports = yield* Imports
    yield* Effect.logInfo("import worker started")
    for (;;) {
      const now = yield* Clock.currentTimeMillis
      // Polling for work makes no trace of its own (docs/operations.md, "Traces"), as in ClaimLoop: only the work does.
      const claimed = yield* Effect.result(imports.claim({ now, lease }).pipe(Effect.withTracerEnabled(false)))
      if (claimed._tag === "Failure" || Option.isNone(claimed.success)) {
        if (claimed._tag === "Failure") yield* Effect.logWarning("import: cannot claim work; retrying")
        yield* waitForWork([imports.awaitCreated], pollInterval)
        continue
      }
      const record = claimed.success.value
      yield* Effect.logInfo("import resumed or started").pipe(
        Effect.annotateLogs({ importId: record.id, position: record.position, total: record.total })
      )
      yield* runImport(record, { lease, batchSize, rest }).pipe(
        Effect.onInterrupt(() => Effect.ignore(imports.release(record.id))),
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logWarning("import stopped; it resumes when its lease runs out").pipe(
              Effect.annotateLogs({ importId: record.id, cause: Cause.pretty(cause) })
            )
        )
      )
    }
  })

/** The runner as a layer: it starts with the layer and stops (releasing its import) with its scope. */
export const layer = (options: Partial<ImportOptions> = {}) => Layer.effectDiscard(Effect.forkScoped(run(options)))
