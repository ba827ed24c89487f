/** Runs the background work of the in-memory service on demand: due enrichment jobs, due webhook deliveries. */
import { Deliveries, deliverWebhook, Delivery, Job, Jobs, processJob } from "@bookmark-library/domain"
import { Clock, Effect } from "effect"

/** Claims every enrichment job due now and processes it; the number processed. */
export const runDueJobs = Effect.gen(function*() {
  const jobs = yield* Jobs
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* jobs.claim({ now, lease: Job.lease, max: 100 })
  yield* Effect.forEach(claimed, processJob, { discard: true })
  return claimed.length
})

/** Claims every webhook delivery due now and attempts it once; the number attempted. */
export const runDueDeliveries = Effect.gen(function*() {
  const deliveries = yield* Deliveries
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* deliveries.claim({
    now,
    lease: 60_000,
    max: 100,
    maxPerWebhook: Delivery.maxInFlightPerWebhook
  })
  yield* Effect.forEach(claimed, deliverWebhook, { discard: true })
  return claimed.length
})

/** Jobs, then the deliveries they caused, until nothing is due now (at most `rounds` rounds). */
export const settle = (rounds = 20) =>
  Effect.gen(function*() {
    for (let round = 0; round < rounds; round++) {
      const done = (yield* runDueJobs) + (yield* runDueDeliveries)
      if (done === 0) return
    }
  })
