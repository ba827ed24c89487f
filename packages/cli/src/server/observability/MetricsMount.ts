/**
 * `/metrics` of this process: the queues sampled, the process read, then every metric written out (MetricsExporter.ts).
 */
import { sampleBacklog } from "@bookmark-library/domain"
import { MetricsEndpoint } from "@bookmark-library/http"
import { Effect } from "effect"
import type { AppConfig } from "../AppConfig.js"
import * as MetricsExporter from "./MetricsExporter.js"
import * as ProcessMetrics from "./ProcessMetrics.js"

/** The endpoint's options over this process's Jobs and Deliveries; a scrape never fails for want of the database. */
export const options = (config: Pick<AppConfig, "metricsToken" | "serviceName">) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Effect.Services<ReturnType<typeof sampleBacklog>>>()
    const sampleProcess = yield* ProcessMetrics.make
    const exposition = yield* MetricsExporter.make(config.serviceName)
    const backlog = sampleBacklog().pipe(
      Effect.provide(context),
      // The gauges keep their last values; the rest of the metrics still answer.
      Effect.catch((e) =>
        Effect.logWarning("metrics: cannot read the queues").pipe(Effect.annotateLogs("reason", e.reason))
      )
    )
    return {
      token: config.metricsToken,
      scrape: Effect.andThen(Effect.all([backlog, sampleProcess], { concurrency: 2, discard: true }), exposition)
    } satisfies MetricsEndpoint.Options
  })

export const make = (config: Pick<AppConfig, "metricsToken" | "serviceName">) =>
  Effect.map(options(config), MetricsEndpoint.mount)
