/**
 * The composition root: picks an adapter for every port by name from the configuration (docs/decisions.md, "Adapter
 * choice").
 */
import {
  BufferedAllowanceCounter,
  CryptoIdGenerator,
  FflateZipWriter,
  FileAssetStore,
  FileImportReader,
  type GuardedLookup,
  HtmlPageExtractor,
  HttpLinkProbe,
  HttpPageFetcher,
  HttpWebhookSender,
  KeyOwnerCache,
  LocalContentAnalyzer,
  OpenAiContentAnalyzer,
  PlaywrightRenderer,
  RedisAllowanceCounter,
  RedisInvalidation,
  S3AssetStore,
  SanitizingMarkup,
  ScryptPasswordHasher,
  SharpImageProcessor,
  SqlAllowanceCounter,
  SqlAssetStore,
  SqlStorage
} from "@bookmark-library/adapters"
import { Accounts, AllowanceCounter, AssetStore, type Errors, Settings } from "@bookmark-library/domain"
import { AssetLinks } from "@bookmark-library/http"
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Option, Redacted } from "effect"
import type { PlatformError } from "effect/PlatformError"
import type * as SqlClient from "effect/sql/SqlClient"
import { join, resolve } from "node:path"
import type { AllowanceCounterChoice, AppConfig, AssetStoreChoice } from "./AppConfig.js"
import * as PgliteTemplate from "./PgliteTemplate.js"

/** Where the embedded database lives. */
export const pgliteDir = (config: AppConfig) => resolve(config.dataDir, "pglite")

/** The SQL storage ports: PGlite in DATA_DIR, or Postgres when DATABASE_URL is set. */
export const database = (
  config: AppConfig
): Layer.Layer<SqlStorage.Ports | SqlClient.SqlClient, Errors.StorageUnavailable> =>
  Option.match(config.databaseUrl, {
    // A new database is a copy of the template, not a fresh initdb (PgliteTemplate.ts).
    onNone: () =>
      Layer.unwrap(
        Effect.as(PgliteTemplate.prepare(pgliteDir(config)), SqlStorage.embedded({ dataDir: pgliteDir(config) }))
      ),
    onSome: (url) => SqlStorage.postgres({ url })
  })

/** The asset store by name (ASSET_STORE); the database one uses the storage's SQL client. */
export const assetStores = {
  files: (config: AppConfig) => FileAssetStore.layer({ dataDir: resolve(config.dataDir) }),
  database: () => SqlAssetStore.layer,
  // The S3 settings are checked with the configuration (S3Config.ts).
  s3: (config: AppConfig) =>
    Option.match(config.s3, {
      onNone: () =>
        Layer.effect(AssetStore, Effect.die("ASSET_STORE=s3 without S3 settings passed the configuration check")),
      onSome: (s3) => S3AssetStore.layer(s3)
    })
} satisfies Record<
  AssetStoreChoice,
  (config: AppConfig) => Layer.Layer<AssetStore, PlatformError | Errors.StorageUnavailable, SqlClient.SqlClient>
>

/**
 * The allowance counter by name (ALLOWANCE_COUNTER); REDIS_URL is checked with the configuration. In the database:
 * on the embedded PGlite, which only this process opens, counted in memory and written every quarter second
 * (docs/decisions.md, "Embedded allowance counter and embedded reads"); on Postgres, which processes share, one
 * statement a charge.
 */
const allowanceCounters = {
  database: (config: AppConfig) =>
    Option.isNone(config.databaseUrl) ? BufferedAllowanceCounter.layer() : SqlAllowanceCounter.layer,
  redis: (config: AppConfig, overrides: TestOverrides) =>
    Option.match(config.redisUrl, {
      onNone: () =>
        Layer.effect(
          AllowanceCounter,
          Effect.die("ALLOWANCE_COUNTER=redis without REDIS_URL passed the configuration check")
        ),
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
    onNone: () => Layer.unwrap(Effect.sync(() => KeyOwnerCache.layer(KeyOwnerCache.local()))),
    onSome: () =>
      Option.match(config.redisUrl, {
        onNone: () => Layer.effect(Accounts, Accounts),
        onSome: (url) =>
          Layer.unwrap(Effect.map(RedisInvalidation.make({ url }), (channel) => KeyOwnerCache.layer(channel)))
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

/** The domain's settings from configuration. */
export const settings = (config: AppConfig) =>
  Settings.layer({
    plans: config.plans,
    allowHttpWebhooks: config.allowHttpWebhooks,
    retrySchedule: config.retrySchedule,
    deactivation: config.deactivation,
    deliveryTimeout: config.deliveryTimeout,
    enrichment: config.enrichment,
    signup: config.signup,
    defaultPlan: config.defaultPlan,
    archive: { enabled: config.archive.enabled, maxBytes: config.archive.maxBytes },
    newTagsPerPage: config.newTagsPerPage
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
  /** The link-check lane's pace in ms (production: a run a minute, the first after 30 s, 10 s per host). */
  readonly linkChecks?: { readonly firstAfter?: number; readonly every?: number; readonly hostGap?: number }
}

/**
 * What the use cases need besides storage, in the API and the workers alike: ids, settings, password hashing, the
 * import reader, the links answers carry (built by the HTTP layer from PUBLIC_URL) and the webhook sender.
 */
export const useCaseServices = (config: AppConfig, overrides: TestOverrides = {}) =>
  Layer.mergeAll(
    CryptoIdGenerator.layer,
    ScryptPasswordHasher.layer(),
    settings(config),
    AssetLinks.layer(config.publicUrl, {
      origin: config.archive.origin,
      key: Redacted.value(config.archive.linkKey)
    }),
    FileImportReader.layer,
    FflateZipWriter.layer,
    // The reader view and notes (docs/reading.md): the allow-list sanitiser, Markdown and Readability.
    SanitizingMarkup.layer,
    HttpWebhookSender.layer({
      allowPrivateNetwork: config.allowPrivateNetwork,
      allowHosts: config.allowHosts,
      ...overrides.guard
    })
  )

/**
 * The guarded fetcher of the API process: the OAuth server reads Client ID Metadata Documents with it (address
 * policy, its own small caps per call; docs/oauth.md, "Clients").
 */
export const metadataFetcher = (config: AppConfig, overrides: TestOverrides = {}) =>
  HttpPageFetcher.layer({
    allowPrivateNetwork: config.allowPrivateNetwork,
    allowHosts: config.allowHosts,
    userAgent: userAgent(config),
    ...overrides.guard,
    ...overrides.fetch
  })

/**
 * The link-health probe (docs/preservation.md, "Link health"): the same address policy and user agent as the page
 * fetcher, `HEAD` first, short time limits.
 */
export const linkProbe = (config: AppConfig, overrides: TestOverrides = {}) =>
  HttpLinkProbe.layer({
    allowPrivateNetwork: config.allowPrivateNetwork,
    allowHosts: config.allowHosts,
    userAgent: userAgent(config),
    ...overrides.guard
  })

/** What the enrichment worker needs besides storage: fetcher, extractor, renderer, card pictures and analyzer. */
export const enrichmentServices = (config: AppConfig, overrides: TestOverrides = {}) =>
  Layer.mergeAll(
    HttpPageFetcher.layer({
      allowPrivateNetwork: config.allowPrivateNetwork,
      allowHosts: config.allowHosts,
      userAgent: userAgent(config),
      ...overrides.guard,
      ...overrides.fetch
    }),
    HtmlPageExtractor.layer,
    SharpImageProcessor.layer,
    PlaywrightRenderer.layer({
      enabled: config.screenshots,
      chromiumPath: Option.getOrUndefined(config.chromiumPath),
      allowPrivateNetwork: config.allowPrivateNetwork,
      allowHosts: config.allowHosts,
      userAgent: userAgent(config),
      browserIdleClose: config.browserIdleClose,
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
