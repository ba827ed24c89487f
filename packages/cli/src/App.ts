/** The running service as one Layer: the API server and/or the workers over the configured storage. */
import { SqlStorage } from "@bookmark-library/adapters"
import { Import } from "@bookmark-library/domain"
import { Health, MetricsEndpoint, Mounts, Server } from "@bookmark-library/http"
import { McpMount } from "@bookmark-library/mcp"
import { WebApp } from "@bookmark-library/web"
import { DeliveryRunner, EnrichmentRunner, Housekeeping, ImportRunner } from "@bookmark-library/worker"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer, Option } from "effect"
import * as AdminToken from "./AdminToken.js"
import type { AppConfig } from "./AppConfig.js"
import * as Composition from "./Composition.js"
import * as MetricsMount from "./MetricsMount.js"
import * as Tracing from "./Tracing.js"

const health = Layer.effect(
  Health.Health,
  Effect.map(SqlClient.SqlClient, (sql) =>
    Health.Health.of({ check: Effect.provideService(SqlStorage.ping, SqlClient.SqlClient, sql) }))
)

/** The paths other faces answer; the web app claims every other path, "/" included. */
export const apiPrefixes = ["/v1/api", "/admin", "/mcp", "/health", "/metrics"]

/** The account web app (its `Web` stays visible: the start banner prints its first-run link). */
const web = (config: AppConfig) =>
  Layer.effect(WebApp.Web, WebApp.make({ publicUrl: config.publicUrl, excludedPrefixes: apiPrefixes }))

/**
 * The faces served beside the JSON API on the same server: `/metrics` (unless METRICS=false), MCP at `/mcp`, then
 * the web app's catch-all.
 */
const mounts = (config: AppConfig) =>
  Layer.effect(
    Mounts.Mounts,
    Effect.gen(function*() {
      const mcp = yield* McpMount.make({ publicUrl: config.publicUrl })
      const face = yield* WebApp.Web
      const faces: ReadonlyArray<Mounts.Mount> = config.metrics ? [yield* MetricsMount.make(config), mcp, face] : [mcp, face]
      return faces
    })
  )

/** The HTTP server; its `HttpServer` and the web app stay visible (bound address, first-run link). */
export const api = (config: AppConfig, overrides: Composition.TestOverrides = {}) => {
  // One value each, so the server, the mounts and the web app share one instance of each service.
  const services = Composition.apiServices(config, overrides)
  const webApp = web(config).pipe(Layer.provide(services))
  return Layer.unwrapEffect(Effect.map(
    AdminToken.ensure(config.adminToken, config.dataDir),
    (adminToken) =>
      Server.serve({
        adminToken,
        port: config.port,
        host: config.host,
        corsOrigins: config.corsOrigins,
        metrics: config.metrics,
        trustedProxies: config.trustedProxies,
        tracing: Tracing.enabled(config)
      })
  )).pipe(
    Layer.provide(Layer.mergeAll(services, health, mounts(config).pipe(Layer.provide(Layer.merge(services, webApp))))),
    Layer.provideMerge(webApp)
  )
}

/** Enrichment, delivery and import runners and the housekeeping; they stop (releasing leases) with the layer's scope. */
export const workers = (config: AppConfig, overrides: Composition.TestOverrides = {}) =>
  Layer.mergeAll(
    EnrichmentRunner.layer({ concurrency: config.workerConcurrency }),
    DeliveryRunner.layer(),
    ImportRunner.layer({
      ...(Option.isSome(config.databaseUrl) ? Import.defaultPace : Import.embeddedPace),
      lease: config.importLease
    }),
    Housekeeping.layer({ logRetention: config.deliveryLogRetention })
  ).pipe(Layer.provide(Layer.merge(
    Composition.enrichmentServices(config, overrides),
    Composition.apiServices(config, overrides)
  )))

/** Which parts run in this process. */
export type Roles = "all" | "api" | "workers"

/** Storage (migrated, built once and shared) plus the API server, the workers or both. */
export const layer = (config: AppConfig, roles: "all" | "api", overrides?: Composition.TestOverrides) =>
  // The workers start once the server listens: their first queries would otherwise delay the first answer.
  (roles === "all" ? Layer.provideMerge(workers(config, overrides), api(config, overrides)) : api(config, overrides))
    .pipe(Layer.provideMerge(Composition.storage(config, overrides)), Layer.provide(Tracing.layer(config, overrides?.spanProcessor)))

/** A worker has no API port: its `/metrics` listens on METRICS_PORT, when that is set. */
const workerMetrics = (config: AppConfig) =>
  Option.match(Option.filter(config.metricsPort, () => config.metrics), {
    onNone: () => Layer.empty,
    onSome: (port) =>
      Layer.unwrapEffect(Effect.map(MetricsMount.options(config), (options) =>
        MetricsEndpoint.serve({ ...options, port, host: config.host })))
  })

export const workersLayer = (config: AppConfig, overrides?: Composition.TestOverrides) =>
  Layer.merge(workers(config, overrides), workerMetrics(config)).pipe(
    Layer.provideMerge(Composition.storage(config, overrides)),
    Layer.provide(Tracing.layer(config, overrides?.spanProcessor))
  )
