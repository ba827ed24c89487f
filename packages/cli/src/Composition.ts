/** The composition root: picks an adapter for every port from the configuration (DESIGN §3). */
import {
  CryptoIdGenerator,
  FileAssetStore,
  FileImportReader,
  type GuardedLookup,
  HtmlPageExtractor,
  HttpPageFetcher,
  HttpWebhookSender,
  LocalContentAnalyzer,
  OpenAiContentAnalyzer,
  PlaywrightRenderer,
  RedisAllowanceCounter,
  SqlStorage
} from "@bookmarks/adapters"
import { type Errors, Policy } from "@bookmarks/domain"
import type { PlatformError } from "@effect/platform/Error"
import type * as SqlClient from "@effect/sql/SqlClient"
import { Layer, Option } from "effect"
import { join, resolve } from "node:path"
import type { AppConfig } from "./AppConfig.js"

/** Where the embedded database lives. */
export const pgliteDir = (config: AppConfig) => resolve(config.dataDir, "pglite")

/**
 * Storage: PGlite in DATA_DIR (with screenshots as files beside it) or Postgres (screenshots in the database, so
 * worker processes need no shared disk). Counters: SQL, or Redis when REDIS_URL is set.
 */
export const storage = (
  config: AppConfig,
  overrides: TestOverrides = {}
): Layer.Layer<SqlStorage.Ports | SqlClient.SqlClient, Errors.StorageUnavailable | PlatformError> => {
  const publicUrl = config.publicUrl
  const sql = Option.match(config.databaseUrl, {
    onNone: () =>
      Layer.merge(
        SqlStorage.embedded({ dataDir: pgliteDir(config), publicUrl }),
        FileAssetStore.layer({ dataDir: resolve(config.dataDir), publicUrl })
      ),
    onSome: (url) => SqlStorage.postgres({ url, publicUrl })
  })
  return Option.match(config.redisUrl, {
    onNone: () => sql,
    onSome: (url) => Layer.merge(sql, RedisAllowanceCounter.layer({ url, clock: overrides.counterClock ?? "server" }))
  })
}

/** Domain policy from configuration. */
export const policy = (config: AppConfig) =>
  Policy.layer({
    plans: config.plans,
    allowHttpWebhooks: config.allowHttpWebhooks,
    retrySchedule: config.retrySchedule,
    deactivation: config.deactivation,
    deliveryTimeout: config.deliveryTimeout,
    enrichment: config.enrichment
  })

const userAgent = (config: AppConfig) => `BookmarkLibraryBot/1.0 (+${config.publicUrl})`

/**
 * Settings only tests use: exact `host:port` origins exempt from the address policy (a fixture server on
 * loopback while the policy stays on), a resolver, and shorter fetch limits. Never read from configuration.
 */
export interface TestOverrides {
  readonly guard?: Pick<GuardedLookup.GuardOptions, "allowlist" | "resolver">
  readonly fetch?: { readonly headersTimeout?: number; readonly totalTimeout?: number; readonly maxBytes?: number }
  /** "effect" lets a test move the Redis counter's windows with its clock (production: the server's TIME). */
  readonly counterClock?: "server" | "effect"
}

/** What request handling needs besides storage: ids, policy, the import reader and the webhook sender. */
export const apiServices = (config: AppConfig, overrides: TestOverrides = {}) =>
  Layer.mergeAll(
    CryptoIdGenerator.layer,
    policy(config),
    FileImportReader.layer,
    HttpWebhookSender.layer({ allowPrivateNetwork: config.allowPrivateNetwork, ...overrides.guard })
  )

/** What the enrichment worker needs besides storage: fetcher, extractor, renderer and analyzer. */
export const enrichmentServices = (config: AppConfig, overrides: TestOverrides = {}) =>
  Layer.mergeAll(
    HttpPageFetcher.layer({
      allowPrivateNetwork: config.allowPrivateNetwork,
      userAgent: userAgent(config),
      ...overrides.guard,
      ...overrides.fetch
    }),
    HtmlPageExtractor.layer,
    PlaywrightRenderer.layer({
      enabled: config.screenshots,
      chromiumPath: Option.getOrUndefined(config.chromiumPath),
      allowPrivateNetwork: config.allowPrivateNetwork,
      userAgent: userAgent(config),
      ...overrides.guard
    }),
    Option.match(config.openAi, {
      onNone: () => LocalContentAnalyzer.layer,
      onSome: (openAi) =>
        OpenAiContentAnalyzer.openAiLayer({
          baseUrl: openAi.baseUrl,
          model: openAi.model,
          ...Option.match(openAi.apiKey, { onNone: () => ({}), onSome: (apiKey) => ({ apiKey }) })
        })
    })
  )

export const assetsDir = (config: AppConfig) => join(resolve(config.dataDir), "assets")
