/** Runs webhook deliveries: claims due ones with a lease, at most 4 in flight per webhook, releases on shutdown. */
import { Deliveries, deliverWebhook, Delivery, Settings } from "@bookmark-library/domain"
import { Duration, Effect, Layer } from "effect"
import * as ClaimLoop from "./ClaimLoop.js"
import * as WorkerMetrics from "./WorkerMetrics.js"

export interface DeliveryOptions {
  /** Deliveries in flight at once in this process. */
  readonly concurrency: number
  readonly pollInterval: Duration.Input
}

export const defaults: DeliveryOptions = { concurrency: 16, pollInterval: Duration.seconds(1) }

/**
 * Longer than the attempt timeout, so a live attempt never loses its lease: four times the timeout (60 s at the
 * default 15 s), at least 2 s more. Derived from it so that a short `WEBHOOK_TIMEOUT` also shortens how long a
 * crashed worker's delivery waits before another worker takes it over.
 */
export const leaseFor = (attemptTimeout: number) => Math.max(attemptTimeout * 4, attemptTimeout + 2_000)

export const run = (options: Partial<DeliveryOptions> = {}) =>
  Effect.gen(function*() {
    const { concurrency, pollInterval } = { ...defaults, ...options }
    const deliveries = yield* Deliveries
    const lease = leaseFor((yield* Settings.Settings).deliveryTimeout)
    yield* Effect.logInfo("delivery worker started").pipe(Effect.annotateLogs({ concurrency }))
    return yield* ClaimLoop.run({
      name: "delivery",
      concurrency,
      pollInterval,
      claim: (now, max) => deliveries.claim({ now, lease, max, maxPerWebhook: Delivery.maxInFlightPerWebhook }),
      run: (claimed) =>
        deliverWebhook(claimed).pipe(
          WorkerMetrics.observe(WorkerMetrics.deliveries),
          Effect.annotateLogs({ deliveryId: claimed.delivery.id, webhookId: claimed.delivery.webhookId })
        ),
      release: (claimed) => deliveries.release(claimed.delivery.id),
      awaitEnqueued: deliveries.awaitEnqueued
    })
  })

export const layer = (options: Partial<DeliveryOptions> = {}) => Layer.effectDiscard(Effect.forkScoped(run(options)))
