/** Use case: carry a claimed import to its end, batch by batch, from wherever it stood (a restart resumes it). */
import { Clock, Duration, Effect, Option } from "effect"
import * as Import from "../../Import.js"
import { ImportReader } from "../../ports/ImportReader.js"
import { Imports } from "../../ports/Imports.js"
import { importBatch } from "./ImportBatch.js"

export const runImport = Effect.fn("RunImport")(
  function*(claimed: Import.Record, pace: Import.Pace = Import.defaultPace) {
    const imports = yield* Imports
    const file = yield* imports.file(claimed.id)
    // The file was read when the import started, so it reads again the same way (same rows, same positions).
    const rows = Option.isNone(file)
      ? []
      : yield* Effect.map(
        Effect.result((yield* ImportReader).read(file.value, Option.some(claimed.format))),
        (read) => (read._tag === "Success" ? read.success.rows : [])
      )
    let current = claimed
    while (current.position < rows.length) {
      const before = yield* Clock.currentTimeMillis
      current = yield* importBatch(current, rows, pace, Option.getOrUndefined(file))
      if (pace.rest > 0) yield* Effect.sleep(Duration.millis(((yield* Clock.currentTimeMillis) - before) * pace.rest))
    }
    yield* imports.finish(claimed.id, yield* Clock.currentTimeMillis)
    yield* Effect.logInfo("import finished").pipe(Effect.annotateLogs({
      importId: claimed.id,
      saved: current.saved,
      duplicates: current.duplicates,
      failed: current.failed
    }))
    return { ...current, state: "done" as const }
  }
)
