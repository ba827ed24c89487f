/** The process configuration (README.md, "Configuration"), read once from the environment and validated. */
import { defaultLogRetention, Delivery, Import, Job, Plan, Webhook } from "@bookmark-library/domain"
import * as TrustedProxies from "@bookmark-library/http/TrustedProxies"
import { Config, ConfigError, Either, Option, Redacted, Schema } from "effect"

/** Where screenshots are kept: files under `DATA_DIR/assets`, or the database (`bytea`). */
export type AssetStoreChoice = "files" | "database"
/** Where allowance counts are kept: the database, or Redis. */
export type AllowanceCounterChoice = "database" | "redis"

export interface AppConfig {
  readonly port: number
  readonly host: string
  readonly publicUrl: string
  readonly dataDir: string
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  readonly redisUrl: Option.Option<Redacted.Redacted<string>>
  readonly assetStore: AssetStoreChoice
  readonly allowanceCounter: AllowanceCounterChoice
  readonly chromiumPath: Option.Option<string>
  readonly screenshots: boolean
  readonly adminToken: Option.Option<Redacted.Redacted<string>>
  readonly allowPrivateNetwork: boolean
  readonly allowHttpWebhooks: boolean
  readonly retrySchedule: ReadonlyArray<number>
  readonly deactivation: Webhook.DeactivationRule
  readonly deliveryTimeout: number
  readonly enrichment: Job.Timings
  readonly openAi: Option.Option<{ readonly baseUrl: string; readonly apiKey: Option.Option<Redacted.Redacted<string>>; readonly model: string }>
  readonly plans: Plan.Table
  readonly workerConcurrency: number
  /** Browser origins allowed to call the JSON API (CORS); empty: off. */
  readonly corsOrigins: ReadonlyArray<string>
  /** Lease of a running import (renewed with every batch): how soon another worker resumes a crashed one's import. */
  readonly importLease: number
  /** `/metrics` and the per-request metrics (METRICS, on by default); docs/operations.md, "Metrics". */
  readonly metrics: boolean
  /** Bearer token `/metrics` requires (METRICS_TOKEN); none: open to whoever reaches the port. */
  readonly metricsToken: Option.Option<Redacted.Redacted<string>>
  /** Where `bookmarks work`, which has no API port, serves `/metrics` (METRICS_PORT); none: it does not. */
  readonly metricsPort: Option.Option<number>
  /** Proxies whose `X-Request-Id` is kept (TRUST_PROXY). */
  readonly trustedProxies: TrustedProxies.TrustedProxies
  /** OTLP/HTTP collector for traces (OTEL_EXPORTER_OTLP_ENDPOINT); none: no traces, no span per request. */
  readonly otlpEndpoint: Option.Option<string>
  /** `service.name` of the traces (OTEL_SERVICE_NAME). */
  readonly serviceName: string
  /** How long the delivery log keeps an attempt (DELIVERY_LOG_RETENTION, default 30d); pruned by the workers. */
  readonly deliveryLogRetention: number
  readonly logLevel: string
  readonly logFormat: "pretty" | "json"
  /** Self sign-up after the first account (`SIGNUP=open`); closed by default. */
  readonly signup: "open" | "closed"
  /** The plan of accounts people create in the web app. */
  readonly defaultPlan: Plan.Plan
}

// Config.mapOrFail puts the variable's name in front of the path itself.
const invalid = (message: string) => ConfigError.InvalidData([], message)

const httpUrlOf = (value: string): Either.Either<string, ConfigError.ConfigError> => {
  try {
    const url = new URL(value)
    if (url.protocol === "http:" || url.protocol === "https:") return Either.right(value.replace(/\/+$/, ""))
  } catch {
    // reported below
  }
  return Either.left(invalid(`must be an http(s) URL, got '${value}'`))
}

const httpUrl = (name: string) => Config.string(name).pipe(Config.mapOrFail(httpUrlOf))

const flag = (name: string) => Config.withDefault(Config.boolean(name), false)

const durationList = (name: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((value) =>
      Either.mapLeft(Delivery.parseSchedule(value), (e) => invalid(e.reason)))
  )

const duration = (name: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((value) => Either.mapLeft(Delivery.parseDuration(name, value), (e) => invalid(e.reason)))
  )

const planLimits = Config.string("PLAN_LIMITS").pipe(
  Config.mapOrFail((value) =>
    Either.mapLeft(
      Schema.decodeEither(Schema.parseJson(Plan.TableOverride))(value),
      () => invalid(`must be JSON like {"ultra":{"perMinute":1000,"perMonth":100000}}`)
    ))
)

/** `CORS_ORIGINS`: comma-separated exact origins (scheme://host[:port]) or `*`. */
const corsOrigins = Config.string("CORS_ORIGINS").pipe(
  Config.mapOrFail((value) => {
    const origins = value.split(",").map((o) => o.trim().replace(/\/+$/, "")).filter((o) => o !== "")
    for (const origin of origins) {
      if (origin === "*") continue
      let parsed: URL | undefined
      try {
        parsed = new URL(origin)
      } catch {
        parsed = undefined
      }
      if (parsed === undefined || !["http:", "https:"].includes(parsed.protocol) || parsed.origin !== origin) {
        return Either.left(invalid(`'${origin}' is not an origin like https://app.example.com (scheme, host and port only)`))
      }
    }
    return Either.right(origins)
  })
)

const portNumber = (name: string) =>
  Config.integer(name).pipe(
    Config.validate({ message: "must be an integer between 0 and 65535", validation: (n) => n >= 0 && n <= 65535 })
  )

const port = Config.withDefault(portNumber("PORT"), 3000)

/** `TRUST_PROXY`: comma-separated addresses and CIDR ranges of the proxies in front. */
const trustedProxies = Config.string("TRUST_PROXY").pipe(
  Config.mapOrFail((value) => Either.mapLeft(TrustedProxies.parse(value), invalid))
)

/** Screenshots beside the embedded database by default, in Postgres once it is configured (workers need no shared disk). */
const assetStoreOf = (c: { readonly assetStore: Option.Option<AssetStoreChoice>; readonly databaseUrl: Option.Option<unknown> }) =>
  Option.getOrElse(c.assetStore, (): AssetStoreChoice => (Option.isSome(c.databaseUrl) ? "database" : "files"))

/** Counters in the database by default, in Redis once it is configured. */
const counterOf = (c: { readonly allowanceCounter: Option.Option<AllowanceCounterChoice>; readonly redisUrl: Option.Option<unknown> }) =>
  Option.getOrElse(c.allowanceCounter, (): AllowanceCounterChoice => (Option.isSome(c.redisUrl) ? "redis" : "database"))

export const config: Config.Config<AppConfig> = Config.all({
  port,
  host: Config.withDefault(Config.string("HOST"), "127.0.0.1"),
  publicUrl: Config.option(httpUrl("PUBLIC_URL")),
  dataDir: Config.withDefault(Config.string("DATA_DIR"), "./data"),
  databaseUrl: Config.option(Config.redacted("DATABASE_URL")),
  redisUrl: Config.option(Config.redacted("REDIS_URL")),
  assetStore: Config.option(Config.literal("files", "database")("ASSET_STORE")),
  allowanceCounter: Config.option(Config.literal("database", "redis")("ALLOWANCE_COUNTER")),
  chromiumPath: Config.option(Config.string("CHROMIUM_PATH")),
  screenshots: Config.withDefault(Config.boolean("SCREENSHOTS"), true),
  adminToken: Config.option(Config.redacted("ADMIN_TOKEN")),
  allowPrivateNetwork: flag("ALLOW_PRIVATE_NETWORK"),
  allowHttpWebhooks: flag("ALLOW_HTTP_WEBHOOKS"),
  retrySchedule: Config.withDefault(durationList("WEBHOOK_RETRY_SCHEDULE"), Delivery.defaultSchedule),
  deactivateAfter: Config.withDefault(duration("WEBHOOK_DEACTIVATE_AFTER"), Webhook.defaultDeactivation.failingFor),
  deactivateFailures: Config.withDefault(Config.integer("WEBHOOK_DEACTIVATE_FAILURES"), Webhook.defaultDeactivation.minFailures),
  deliveryTimeout: Config.withDefault(duration("WEBHOOK_TIMEOUT"), Delivery.attemptTimeout),
  enrichmentRetries: Config.withDefault(durationList("ENRICHMENT_RETRY_SCHEDULE"), Job.retryDelays),
  enrichmentBudget: Config.withDefault(duration("ENRICHMENT_ATTEMPT_BUDGET"), Job.attemptBudget),
  enrichmentLease: Config.withDefault(duration("ENRICHMENT_LEASE"), Job.lease),
  importHostGap: Config.withDefault(duration("IMPORT_HOST_GAP"), Job.hostGap),
  importLease: Config.withDefault(duration("IMPORT_LEASE"), Import.lease),
  deliveryLogRetention: Config.withDefault(duration("DELIVERY_LOG_RETENTION"), defaultLogRetention),
  openAiBase: Config.option(httpUrl("OPENAI_BASE_URL")),
  openAiKey: Config.option(Config.redacted("OPENAI_API_KEY")),
  openAiModel: Config.withDefault(Config.string("OPENAI_MODEL"), "gpt-4o-mini"),
  planOverride: Config.option(planLimits),
  workerConcurrency: Config.integer("WORKER_CONCURRENCY").pipe(
    Config.withDefault(2),
    Config.validate({ message: "must be an integer between 1 and 64", validation: (n) => n >= 1 && n <= 64 })
  ),
  corsOrigins: Config.withDefault(corsOrigins, []),
  metrics: Config.withDefault(Config.boolean("METRICS"), true),
  metricsToken: Config.option(Config.redacted("METRICS_TOKEN")).pipe(
    Config.map(Option.filter((token) => Redacted.value(token).trim() !== ""))
  ),
  metricsPort: Config.option(portNumber("METRICS_PORT")),
  trustedProxies: Config.withDefault(trustedProxies, TrustedProxies.none),
  // Empty is unset, as the OpenTelemetry SDKs read it (compose files pass `${VAR:-}`).
  otlpEndpoint: Config.option(Config.string("OTEL_EXPORTER_OTLP_ENDPOINT")).pipe(
    Config.mapOrFail((value) =>
      Option.isNone(value) || value.value.trim() === ""
        ? Either.right(Option.none())
        : Either.map(httpUrlOf(value.value), Option.some))
  ),
  serviceName: Config.withDefault(Config.string("OTEL_SERVICE_NAME"), "bookmarks"),
  logLevel: Config.withDefault(Config.literal("all", "trace", "debug", "info", "warning", "error", "fatal", "none")("LOG_LEVEL"), "info"),
  logFormat: Config.option(Config.literal("pretty", "json")("LOG_FORMAT")),
  signup: Config.withDefault(Config.literal("open", "closed")("SIGNUP"), "closed" as const),
  defaultPlan: Config.withDefault(Config.literal("free", "plus", "ultra")("DEFAULT_PLAN"), "free" as const)
}).pipe(
  Config.mapOrFail((c) =>
    counterOf(c) === "redis" && Option.isNone(c.redisUrl)
      ? Either.left(ConfigError.InvalidData(["ALLOWANCE_COUNTER"], "redis needs REDIS_URL"))
      : Either.right(c)
  ),
  Config.map((c): AppConfig => ({
    port: c.port,
    host: c.host,
    publicUrl: Option.getOrElse(c.publicUrl, () => `http://${c.host.includes(":") ? `[${c.host}]` : c.host}:${c.port}`),
    dataDir: c.dataDir,
    databaseUrl: c.databaseUrl,
    redisUrl: c.redisUrl,
    assetStore: assetStoreOf(c),
    allowanceCounter: counterOf(c),
    chromiumPath: c.chromiumPath,
    screenshots: c.screenshots,
    adminToken: c.adminToken,
    allowPrivateNetwork: c.allowPrivateNetwork,
    allowHttpWebhooks: c.allowHttpWebhooks,
    retrySchedule: c.retrySchedule,
    deactivation: { failingFor: c.deactivateAfter, minFailures: c.deactivateFailures },
    deliveryTimeout: c.deliveryTimeout,
    enrichment: {
      retryDelays: c.enrichmentRetries,
      attemptBudget: c.enrichmentBudget,
      lease: Math.max(c.enrichmentLease, c.enrichmentBudget + 5_000),
      hostGap: c.importHostGap
    },
    openAi: Option.map(c.openAiBase, (baseUrl) => ({ baseUrl, apiKey: c.openAiKey, model: c.openAiModel })),
    plans: Option.match(c.planOverride, { onNone: () => Plan.defaultTable, onSome: (o) => Plan.withOverride(Plan.defaultTable, o) }),
    workerConcurrency: c.workerConcurrency,
    corsOrigins: c.corsOrigins,
    importLease: c.importLease,
    metrics: c.metrics,
    metricsToken: c.metricsToken,
    metricsPort: c.metricsPort,
    trustedProxies: c.trustedProxies,
    otlpEndpoint: c.otlpEndpoint,
    serviceName: c.serviceName,
    deliveryLogRetention: c.deliveryLogRetention,
    logLevel: c.logLevel,
    logFormat: Option.getOrElse(c.logFormat, () => (process.stdout.isTTY ? "pretty" : "json")),
    signup: c.signup,
    defaultPlan: c.defaultPlan
  }))
)

/** One line naming the variable, for a configuration that cannot be used. */
export const describeError = (error: ConfigError.ConfigError): string => {
  const first = (e: ConfigError.ConfigError): string => {
    switch (e._op) {
      case "And":
      case "Or":
        return first(e.left)
      case "InvalidData":
      case "MissingData":
      case "SourceUnavailable":
      case "Unsupported":
        return `${e.path.join(".")}: ${e.message}`
    }
  }
  return `Invalid configuration: ${first(error)}`
}

