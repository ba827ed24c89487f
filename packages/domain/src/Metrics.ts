/**
 * The service's metrics, as Effect `Metric`s (docs/operations.md, "Metrics"): helpers that bind a metric to fixed
 * labels once, and the metrics the use cases update. The composition root exports every metric of the process.
 */
import { Metric } from "effect"

export type Labels = Readonly<Record<string, string>>

/*
 * Labels are given when a metric is made (its `attributes`) rather than added on every update: the metric computes
 * its series key once and keeps it, so an update on the request path is one registry lookup and one addition.
 */

/** A monotonic counter (`_total`) bound to `labels`. */
export const counter = (name: string, description: string, labels: Labels = {}) =>
  Metric.counter(name, { description, incremental: true, attributes: labels })

/** A gauge bound to `labels`. */
export const gauge = (name: string, description: string, labels: Labels = {}) =>
  Metric.gauge(name, { description, attributes: labels })

/** A histogram with `boundaries` (upper bounds), bound to `labels`. */
export const histogram = (name: string, description: string, boundaries: ReadonlyArray<number>, labels: Labels = {}) =>
  Metric.histogram(name, { description, boundaries: Metric.boundariesFromIterable(boundaries), attributes: labels })

/** Buckets in seconds for HTTP requests: 1 ms to 10 s. */
export const requestSeconds: ReadonlyArray<number> = [
  0.001,
  0.0025,
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10
]
/** Buckets in seconds for background work (an enrichment attempt has 60 s, a delivery 15 s). */
export const workSeconds: ReadonlyArray<number> = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60, 120]

// Allowance decisions, one series per answer the charge step can give (ChargeRequest.ts).
const decisions = "Requests charged to an allowance, by decision (refused: by the window that was used up)"
export const allowanceAdmitted = counter("allowance_decisions_total", decisions, { decision: "admitted" })
export const allowanceRefusedMinute = counter("allowance_decisions_total", decisions, {
  decision: "refused",
  window: "minute"
})
export const allowanceRefusedMonth = counter("allowance_decisions_total", decisions, {
  decision: "refused",
  window: "month"
})
/** Served without counting: the counter could not be reached (fail open). */
export const allowanceUncounted = counter("allowance_decisions_total", decisions, { decision: "uncounted" })

const deactivations = "Webhooks deactivated by the delivery rules, by reason (gone: the endpoint answered 410)"
export const webhookDeactivatedGone = counter("webhook_deactivations_total", deactivations, { reason: "gone" })
export const webhookDeactivatedFailing = counter("webhook_deactivations_total", deactivations, { reason: "failing" })

// Queue gauges, sampled when the metrics are read (SampleBacklog.ts), not kept up to date by every write.
export const jobsQueued = gauge(
  "enrichment_jobs_queued",
  "Enrichment jobs not yet finished (due, leased or waiting for a retry)"
)
export const jobsOldestAge = gauge(
  "enrichment_oldest_job_age_seconds",
  "How long the longest-waiting due enrichment job has been due; 0 when none is due"
)
export const deliveriesQueued = gauge(
  "webhook_deliveries_queued",
  "Webhook deliveries pending (not yet delivered, failed or cancelled)"
)
export const deliveriesRetryBacklog = gauge(
  "webhook_deliveries_retry_backlog",
  "Pending webhook deliveries that already failed at least once and wait for a retry"
)
export const deliveriesOldestAge = gauge(
  "webhook_oldest_delivery_age_seconds",
  "How long the longest-waiting due webhook delivery has been due; 0 when none is due"
)
