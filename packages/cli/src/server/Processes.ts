/** Each process as one Layer: `start` the API server and the workers, `serve` the server, `work` the workers. */
import { OpenIdProvider, SqlStorage } from "@bookmark-library/adapters"
import { Import, OAuth } from "@bookmark-library/domain"
import { ArchiveViewer, Health, MetricsEndpoint, Mounts, Server } from "@bookmark-library/http"
import { McpMount } from "@bookmark-library/mcp"
import { OAuthMount, WebApp } from "@bookmark-library/web"
import {
  BulkRunner,
  DeliveryRunner,
  EnrichmentRunner,
  Housekeeping,
  ImportRunner,
  LinkCheckRunner
} from "@bookmark-library/worker"
import { Effect, Layer, Option, Redacted } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as AdminToken from "../AdminToken.js"
import * as AdapterChoice from "./AdapterChoice.js"
import type { AppConfig } from "./AppConfig.js"
import * as MetricsMount from "./observability/MetricsMount.js"
import * as Tracing from "./observability/Tracing.js"

const health = Layer.effect(
  Health.Health,
  Effect.map(
    SqlClient.SqlClient,
    (sql) => Health.Health.of({ check: Effect.provideService(SqlStorage.ping, SqlClient.SqlClient, sql) })
  )
)

/** The paths other faces answer; the web app claims every other path, "/" included. */
export const apiPrefixes = ["/v1/api", "/admin", "/mcp", "/health", "/metrics", "/archive"]

/**
 * The account web app (its `Web` stays visible: the start banner prints its first-run link), with the team's
 * OpenID Connect provider when one is configured (docs/people.md, "Sign in with your provider (OIDC)").
 */
const web = (config: AppConfig) => {
  const { password, provider } = config.signIn
  const app = Layer.effect(
    WebApp.Web,
    WebApp.make({
      publicUrl: config.publicUrl,
      excludedPrefixes: apiPrefixes,
      signIn: {
        password,
        provider: Option.map(provider, (p) => ({
          name: p.name,
          autoRedirect: p.autoRedirect,
          createAccounts: p.createAccounts
        }))
      }
    })
  )
  return Option.match(provider, {
    onNone: () => app,
    onSome: (p) => app.pipe(Layer.provide(OpenIdProvider.layer(p)))
  })
}

/**
 * The faces served beside the JSON API on the same server: `/metrics` (unless METRICS=false), MCP at `/mcp`, the
 * OAuth server's discovery, token and registration endpoints, then the web app's catch-all.
 */
const mounts = (config: AppConfig) =>
  Layer.effect(
    Mounts.Mounts,
    Effect.gen(function*() {
      const mcp = yield* McpMount.make({ publicUrl: config.publicUrl })
      // A separate ARCHIVE_ORIGIN: copies open on its host only (docs/preservation.md, "Opening a copy safely").
      const archiveHost = config.archive.origin === config.publicUrl ? undefined : new URL(config.archive.origin).host
      const archive = yield* ArchiveViewer.make(Redacted.value(config.archive.linkKey), { host: archiveHost })
      const oauth = yield* OAuthMount.make({
        server: OAuth.serverFor(config.publicUrl),
        registration: config.oauthRegistration
      })
      const face = yield* WebApp.Web
      const faces: ReadonlyArray<Mounts.Mount> = config.metrics
        ? [archive, yield* MetricsMount.make(config), mcp, oauth, face]
        : [archive, mcp, oauth, face]
      return faces
    })
  )

/** The HTTP server; its `HttpServer` and the web app stay visible (bound address, first-run link). */
export const api = (config: AppConfig, overrides: AdapterChoice.TestOverrides = {}) => {
  // One value each, so the server, the mounts and the web app share one instance of each service.
  const services = Layer.merge(
    AdapterChoice.useCaseServices(config, overrides),
    AdapterChoice.metadataFetcher(config, overrides)
  )
  const webApp = web(config).pipe(Layer.provide(services))
  return Layer.unwrap(Effect.map(
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

/**
 * Enrichment, delivery, import, bulk and link-check runners and the housekeeping; they stop (releasing leases) with the
 * layer's scope.
 */
export const workers = (config: AppConfig, overrides: AdapterChoice.TestOverrides = {}) =>
  Layer.mergeAll(
    EnrichmentRunner.layer({ concurrency: config.workerConcurrency }),
    DeliveryRunner.layer(),
    ImportRunner.layer({
      ...(Option.isSome(config.databaseUrl) ? Import.defaultPace : Import.embeddedPace),
      lease: config.importLease
    }),
    // Bulk runs whose process stopped: resumed once their lease runs out (docs/lists.md, "Bulk actions").
    BulkRunner.layer(),
    Housekeeping.layer({ logRetention: config.deliveryLogRetention }),
    // The link-health lane: a fiber of its own, outside the enrichment slots (docs/preservation.md, "Link health").
    config.linkChecks.enabled
      ? LinkCheckRunner.layer({
        interval: config.linkChecks.interval,
        cap: config.linkChecks.cap,
        ...overrides.linkChecks
      }).pipe(
        Layer.provide(AdapterChoice.linkProbe(config, overrides))
      )
      : Layer.empty
  ).pipe(Layer.provide(Layer.merge(
    AdapterChoice.enrichmentServices(config, overrides),
    AdapterChoice.useCaseServices(config, overrides)
  )))

/** Which parts run in this process. */
export type Roles = "all" | "api" | "workers"

/** Storage (migrated, built once and shared) plus the API server, the workers or both. */
export const layer = (config: AppConfig, roles: "all" | "api", overrides?: AdapterChoice.TestOverrides) =>
  // The workers start once the server listens: their first queries would otherwise delay the first answer.
  (roles === "all" ? Layer.provideMerge(workers(config, overrides), api(config, overrides)) : api(config, overrides))
    .pipe(
      Layer.provideMerge(AdapterChoice.storage(config, overrides)),
      Layer.provide(Tracing.layer(config, overrides?.spanProcessor))
    )

/** A worker has no API port: its `/metrics` listens on METRICS_PORT, when that is set. */
const workerMetrics = (config: AppConfig) =>
  Option.match(Option.filter(config.metricsPort, () => config.metrics), {
    onNone: () => Layer.empty,
    onSome: (port) =>
      Layer.unwrap(Effect.map(MetricsMount.options(config), (options) =>
        MetricsEndpoint.serve({ ...options, port, host: config.host })))
  })

export const workersLayer = (config: AppConfig, overrides?: AdapterChoice.TestOverrides) =>
  Layer.merge(workers(config, overrides), workerMetrics(config)).pipe(
    Layer.provideMerge(AdapterChoice.storage(config, overrides)),
    Layer.provide(Tracing.layer(config, overrides?.spanProcessor))
  )
