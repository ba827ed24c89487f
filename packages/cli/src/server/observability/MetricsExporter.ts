/**
 * The Prometheus text of every Effect metric of the process, written by OpenTelemetry's Prometheus exporter over
 * `@effect/opentelemetry`'s metric producer. Both load on the first scrape, so a server nobody scrapes never holds
 * them (docs/decisions.md, "Performance targets").
 */
import { Effect } from "effect"

const load = (serviceName: string) =>
  Effect.gen(function*() {
    const [{ PrometheusExporter, PrometheusSerializer }, OtelMetrics, Resource] = yield* Effect.promise(() =>
      Promise.all([
        import("@opentelemetry/exporter-prometheus"),
        import("@effect/opentelemetry/OtelMetrics"),
        import("@effect/opentelemetry/Resource")
      ])
    )
    // Made on the scraping fiber, so the producer reads the metrics registry the process writes to.
    const producer = yield* Effect.provide(OtelMetrics.makeProducer(), Resource.layer({ serviceName }))
    // Served by our own server at /metrics: the exporter's listener stays off.
    const exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true })
    exporter.setMetricProducer(producer)
    // The serializer the exporter's own listener would use, with the same options.
    const serializer = new PrometheusSerializer(undefined, false, undefined, false, true)
    return Effect.promise(async () => {
      const { resourceMetrics } = await exporter.collect()
      return serializer.serialize(resourceMetrics)
    })
  })

/** A scrape: the exposition text, made fresh each time (the exporter is loaded once). */
export const make = (serviceName: string) =>
  Effect.map(Effect.cached(load(serviceName)), (loaded) => Effect.flatten(loaded))
