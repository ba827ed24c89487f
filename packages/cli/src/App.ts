/** The running service as one Layer: the API server and/or the workers over the configured storage. */
import { SqlStorage } from "@bookmark-library/adapters"
import { Health, Mounts, Server } from "@bookmark-library/http"
import { McpMount } from "@bookmark-library/mcp"
import { DeliveryRunner, EnrichmentRunner } from "@bookmark-library/worker"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import * as AdminToken from "./AdminToken.js"
import type { AppConfig } from "./AppConfig.js"
import * as Composition from "./Composition.js"

const health = Layer.effect(
  Health.Health,
  Effect.map(SqlClient.SqlClient, (sql) =>
    Health.Health.of({ check: Effect.provideService(SqlStorage.ping, SqlClient.SqlClient, sql) }))
)

/** The faces served beside the JSON API on the same server: MCP at `/mcp`. */
const mounts = (config: AppConfig) =>
  Layer.effect(Mounts.Mounts, Effect.map(McpMount.make({ publicUrl: config.publicUrl }), (mcp) => [mcp]))

/** The HTTP server; its `HttpServer` stays visible (bound address). */
export const api = (config: AppConfig, overrides: Composition.TestOverrides = {}) => {
  // One value, so the server and the mounts share one instance of each service.
  const services = Composition.apiServices(config, overrides)
  return Layer.unwrapEffect(Effect.map(
    AdminToken.ensure(config.adminToken, config.dataDir),
    (adminToken) => Server.serve({ adminToken, port: config.port, host: config.host })
  )).pipe(Layer.provide(Layer.mergeAll(services, health, mounts(config).pipe(Layer.provide(services)))))
}

/** Enrichment and delivery runners; they stop (releasing leases) with the layer's scope. */
export const workers = (config: AppConfig, overrides: Composition.TestOverrides = {}) =>
  Layer.mergeAll(
    EnrichmentRunner.layer({ concurrency: config.workerConcurrency }),
    DeliveryRunner.layer()
  ).pipe(Layer.provide(Layer.merge(
    Composition.enrichmentServices(config, overrides),
    Composition.apiServices(config, overrides)
  )))

/** Which parts run in this process. */
export type Roles = "all" | "api" | "workers"

/** Storage (migrated, built once and shared) plus the API server, the workers or both. */
export const layer = (config: AppConfig, roles: "all" | "api", overrides?: Composition.TestOverrides) =>
  (roles === "all" ? Layer.merge(api(config, overrides), workers(config, overrides)) : api(config, overrides))
    .pipe(Layer.provideMerge(Composition.storage(config, overrides)))

export const workersLayer = (config: AppConfig, overrides?: Composition.TestOverrides) =>
  workers(config, overrides).pipe(Layer.provideMerge(Composition.storage(config, overrides)))
