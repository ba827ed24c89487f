/** The composition root: picks an adapter for every port by name from the configuration (docs/decisions.md, "Adapter choice"). */
import {
  BufferedAllowanceCounter,
  CryptoIdGenerator,
  FileAssetStore,
  FileImportReader,
  type GuardedLookup,
  HtmlPageExtractor,
  HttpPageFetcher,
  HttpWebhookSender,
  KeyOwnerCache,
  LocalContentAnalyzer,
  OpenAiContentAnalyzer,
  PlaywrightRenderer,
  RedisAllowanceCounter,
  RedisInvalidation,
  ScryptPasswordHasher,
  SqlAllowanceCounter,
  SqlAssetStore,
  SqlStorage
} from "@bookmark-library/adapters"
import { Accounts, type AllowanceCounter, type AssetStore, type Errors, Policy } from "@bookmark-library/domain"
import { AssetLinks } from "@bookmark-library/http"
import type { PlatformError } from "@effect/platform/Error"
import type * as SqlClient from "@effect/sql/SqlClient"
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Option } from "effect"
import { join, resolve } from "node:path"
import type { AllowanceCounterChoice, AppConfig, AssetStoreChoice } from "./AppConfig.js"
import * as PgliteTemplate from "./PgliteTemplate.js"

/** Where the embedded database lives. */
export const pgliteDir = (config: AppConfig) => resolve(config.dataDir, "pglite")

/** The SQL storage ports: PGlite in DATA_DIR, or Postgres when DATABASE_URL is set. */
const database = (config: AppConfig): Layer.Layer<SqlStorage.Ports | SqlClient.SqlClient, Errors.StorageUnavailable> =>
  Option.match(config.databaseUrl, {
    // A new database is a copy of the template, not a fresh initdb (PgliteTemplate.ts).
    onNone: () =>
      Layer.unwrapEffect(Effect.as(PgliteTemplate.prepare(pgliteDir(config)), SqlStorage.embedded({ dataDir: pgliteDir(config) }))),
    onSome: (url) => SqlStorage.postgres({ url })
  })

/** The asset store by name (ASSET_STORE); the database one uses the storage's SQL client. */
const assetStores = {
  files: (config: AppConfig) => FileAssetStore.layer({ dataDir: resolve(config.dataDir) }),
  database: () => SqlAssetStore.layer
} satisfies Record<AssetStoreChoice, (config: AppConfig) => Layer.Layer<AssetStore, PlatformError, SqlClient.SqlClient>>

/**
 * The allowance counter by name (ALLOWANCE_COUNTER); REDIS_URL is checked with the configuration. In the database:
 * on the embedded PGlite, which only this process opens, counted in memory and written every quarter second
 * (docs/decisions.md, "Embedded allowance counter"); on Postgres, which processes share, one statement a charge.
 */
const allowanceCounters = {
  database: (config: AppConfig) =>
    Option.isNone(config.databaseUrl) ? BufferedAllowanceCounter.layer() : SqlAllowanceCounter.layer,
  redis: (config: AppConfig, overrides: TestOverrides) =>
    Option.match(config.redisUrl, {
      onNone: () => Layer.die("ALLOWANCE_COUNTER=redis without REDIS_URL passed the configuration check"),
      onSome: (url) =>
        RedisAllowanceCounter.layer({
          url,
          clock: overrides.counterClock ?? "server",
          traced: Option.isSome(config.otlpEndpoint)
        })
    })
} satisfies Record<
  AllowanceCounterChoice,
  (config: AppConfig, overrides: TestOverrides) => Layer.Layer<AllowanceCounter, never, SqlClient.SqlClient>
>

/**
 * The key → account cache in front of `Accounts` (docs/decisions.md, "Key cache"): embedded, one process, so a
 * change empties it directly; with Postgres, only when Redis carries the invalidations between processes.
 */
const keyCache = (config: AppConfig): Layer.Layer<Accounts, never, Accounts> =>
  Option.match(config.databaseUrl, {
    onNone: () => Layer.unwrapEffect(Effect.sync(() => KeyOwnerCache.layer(KeyOwnerCache.local()))),
    onSome: () =>
      Option.match(config.redisUrl, {
        onNone: () => Layer.effect(Accounts, Accounts),
        onSome: (url) => Layer.unwrapScoped(Effect.map(RedisInvalidation.make({ url }), (channel) => KeyOwnerCache.layer(channel)))
      })
  })

export type StoragePorts = SqlStorage.Ports | AssetStore | AllowanceCounter | SqlClient.SqlClient

/**
 * Storage: the SQL ports, plus the asset store and the allowance counter each chosen by name from the
 * configuration (defaults: files and database embedded; database assets with DATABASE_URL; Redis with REDIS_URL).
 */
export const storage = (
  config: AppConfig,
  overrides: TestOverrides = {}
): Layer.Layer<StoragePorts, Errors.StorageUnavailable | PlatformError> =>
  Layer.mergeAll(
    assetStores[config.assetStore](config),
    allowanceCounters[config.allowanceCounter](config, overrides),
    keyCache(config)
  ).pipe(Layer.provideMerge(database(config)))

/** Domain policy from configuration. */
export const policy = (config: AppConfig) =>
  Policy.layer({
    plans: config.plans,
    allowHttpWebhooks: config.allowHttpWebhooks,
    retrySchedule: config.retrySchedule,
    deactivation: config.deactivation,
    deliveryTimeout: config.deliveryTimeout,
    enrichment: config.enrichment,
    signup: config.signup,
    defaultPlan: config.defaultPlan
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
  /** Where spans go instead of the OTLP collector (an in-memory exporter), when traces are on. */
  readonly spanProcessor?: () => Promise<SpanProcessor>
}

/**
 * What request handling needs besides storage: ids, policy, password hashing, the import reader, the links answers
 * carry (built by the HTTP layer from PUBLIC_URL) and the webhook sender (registration checks, tests).
 */
export const apiServices = (config: AppConfig, overrides: TestOverrides = {}) =>
  Layer.mergeAll(
    CryptoIdGenerator.layer,
    ScryptPasswordHasher.layer(),
    policy(config),
    AssetLinks.layer(config.publicUrl),
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
