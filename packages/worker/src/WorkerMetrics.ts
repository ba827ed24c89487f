/** The workers' metrics: enrichment jobs and webhook delivery attempts, each by outcome and duration. */
import { Metrics } from "@bookmark-library/domain"
import { Cause, Clock, Effect, Exit, Metric } from "effect"

type Series = { readonly count: Metric.Counter<number>; readonly seconds: Metric.Histogram<number> }

const table = <O extends string>(
  names: { readonly count: string; readonly seconds: string; readonly what: string },
  outcomes: ReadonlyArray<O>
): Record<O, Series> =>
  Object.fromEntries(outcomes.map((outcome) => [outcome, {
    count: Metrics.counter(names.count, `${names.what}, by outcome`, { outcome }),
    seconds: Metrics.histogram(
      names.seconds,
      `Duration of ${names.what.toLowerCase()}, by outcome`,
      Metrics.workSeconds,
      { outcome }
    )
  }])) as Record<O, Series>

/** `error`: the work failed or died (a storage outage, a bug); its cause is logged by the claim loop. */
export const enrichment = table(
  { count: "enrichment_jobs_total", seconds: "enrichment_job_duration_seconds", what: "Enrichment job attempts" },
  ["completed", "retry", "skipped", "error"] as const
)

/**
 * `retry`: failed, another attempt is scheduled; `failed`: no attempts left; `deactivated`: the webhook was turned off.
 */
export const deliveries = table(
  {
    count: "webhook_deliveries_total",
    seconds: "webhook_delivery_duration_seconds",
    what: "Webhook delivery attempts"
  },
  ["delivered", "retry", "failed", "deactivated", "error"] as const
)

/**
 * Counts and times `work` under the outcome it answers, `error` when it fails. An interrupted attempt (shutdown)
 * is not counted: its lease is released and the work is done again.
 */
export const observe =
  <O extends string>(series: Record<O | "error", Series>) =>
  <E, R>(work: Effect.Effect<O, E, R>): Effect.Effect<O, E, R> =>
    Effect.flatMap(Clock.currentTimeMillis, (start) =>
      Effect.onExit(work, (exit) => {
        if (Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)) return Effect.void
        const { count, seconds } = series[Exit.isSuccess(exit) ? exit.value : "error"]
        return Effect.flatMap(Clock.currentTimeMillis, (end) =>
          Effect.andThen(Metric.update(count, 1), Metric.update(seconds, (end - start) / 1000)))
      }))
