/**
 * Use case: read the queues once and set their gauges; run when the metrics are scraped (docs/operations.md,
 * "Metrics").
 */
import { Clock, Effect, Metric } from "effect"
import * as Metrics from "../../Metrics.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { Jobs } from "../../ports/Jobs.js"

/** Seconds since `dueAt`; 0 when nothing is waiting. */
const ageSeconds = (now: number, dueAt: number | null) => (dueAt === null ? 0 : Math.max(0, now - dueAt) / 1000)

export const sampleBacklog = Effect.fn("SampleBacklog")(function*() {
  const now = yield* Clock.currentTimeMillis
  const [jobs, deliveries] = yield* Effect.all(
    [
      Effect.flatMap(Jobs, (jobs) => jobs.backlog(now)),
      Effect.flatMap(Deliveries, (deliveries) => deliveries.backlog(now))
    ],
    { concurrency: 2 }
  )
  yield* Metric.update(Metrics.jobsQueued, jobs.size)
  yield* Metric.update(Metrics.jobsOldestAge, ageSeconds(now, jobs.oldestDueAt))
  yield* Metric.update(Metrics.deliveriesQueued, deliveries.size)
  yield* Metric.update(Metrics.deliveriesRetryBacklog, deliveries.retrying)
  yield* Metric.update(Metrics.deliveriesOldestAge, ageSeconds(now, deliveries.oldestDueAt))
})
