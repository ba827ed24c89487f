/**
 * Traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: every `Effect.fn` span of the request, the use
 * case and the adapters below it is exported. Unset, nothing is loaded and no span is made per request
 * (docs/operations.md, "Traces").
 */
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Option } from "effect"
import type { AppConfig } from "../AppConfig.js"

/** Exports spans through `processor`: the OTLP batch exporter in production, an in-memory one in tests. */
export const withProcessor = (serviceName: string, processor: () => Promise<SpanProcessor>) =>
  Layer.unwrap(Effect.promise(async () => {
    const [NodeSdk, spanProcessor] = await Promise.all([import("@effect/opentelemetry/NodeSdk"), processor()])
    return NodeSdk.layer(() => ({ resource: { serviceName }, spanProcessor }))
  }))

/** Batched, so a request never waits on the collector; `/v1/traces` of the endpoint, as the OTLP specification says. */
const otlp = (endpoint: string) => async (): Promise<SpanProcessor> => {
  const [{ BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-trace-base"),
    import("@opentelemetry/exporter-trace-otlp-http")
  ])
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))
}

/** Whether requests are traced (a span each): only when traces go somewhere. */
export const enabled = (config: Pick<AppConfig, "otlpEndpoint">) => Option.isSome(config.otlpEndpoint)

export const layer = (
  config: Pick<AppConfig, "otlpEndpoint" | "serviceName">,
  processor?: () => Promise<SpanProcessor>
) =>
  Option.match(config.otlpEndpoint, {
    onNone: () => Layer.empty,
    onSome: (endpoint) => withProcessor(config.serviceName, processor ?? otlp(endpoint))
  })
