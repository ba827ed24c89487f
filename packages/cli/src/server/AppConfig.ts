/** The process configuration (README.md, "Configuration"), read once from the environment and validated. */
import { AllowHosts } from "@bookmark-library/adapters"
import { defaultLogRetention, Delivery, Import, Job, Plan, Webhook } from "@bookmark-library/domain"
import * as TrustedProxies from "@bookmark-library/http/TrustedProxies"
import { Config, Effect, Option, Redacted, Result, Schema } from "effect"
import { invalidAt } from "../ConfigIssue.js"
import * as ArchiveConfig from "./ArchiveConfig.js"
import { bounded, checked, duration, durationList, flag, httpUrl, httpUrlOf, portNumber } from "./ConfigValues.js"
import * as LinkCheckConfig from "./LinkCheckConfig.js"
import * as OidcConfig from "./OidcConfig.js"
import * as S3Config from "./S3Config.js"

/** Where assets are kept: files under `DATA_DIR/assets`, the database (`bytea`), or S3-compatible object storage. */
export type AssetStoreChoice = "files" | "database" | "s3"
export const assetStoreChoices: ReadonlyArray<AssetStoreChoice> = ["files", "database", "s3"]
/** Where allowance counts are kept: the database, or Redis. */
export type AllowanceCounterChoice = "database" | "redis"
/** LOG_LEVEL's values. */
export type LogLevelName = "all" | "trace" | "debug" | "info" | "warning" | "error" | "fatal" | "none"

export interface AppConfig {
  readonly port: number
  readonly host: string
  readonly publicUrl: string
  readonly dataDir: string
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  readonly redisUrl: Option.Option<Redacted.Redacted<string>>
  readonly assetStore: AssetStoreChoice
  /** The object storage of `ASSET_STORE=s3` (S3_*); none with the other stores. */
  readonly s3: Option.Option<S3Config.S3Settings>
  readonly allowanceCounter: AllowanceCounterChoice
  readonly chromiumPath: Option.Option<string>
  readonly screenshots: boolean
  /** BROWSER_IDLE_CLOSE in ms: Chromium closes after this long without a page (default 90 s; `0s`: never). */
  readonly browserIdleClose: number
  readonly adminToken: Option.Option<Redacted.Redacted<string>>
  readonly allowPrivateNetwork: boolean
  /** Hosts and ranges the address policy lets through (ALLOW_HOSTS): pages and webhooks on the operator's network. */
  readonly allowHosts: AllowHosts.AllowHosts
  readonly allowHttpWebhooks: boolean
  readonly retrySchedule: ReadonlyArray<number>
  readonly deactivation: Webhook.DeactivationRule
  readonly deliveryTimeout: number
  readonly enrichment: Job.Timings
  readonly openAi: Option.Option<
    { readonly baseUrl: string; readonly apiKey: Option.Option<Redacted.Redacted<string>>; readonly model: string }
  >
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
  readonly logLevel: LogLevelName
  readonly logFormat: "pretty" | "json"
  /** Dynamic Client Registration of the OAuth server (`OAUTH_REGISTRATION=off` turns it off; docs/oauth.md). */
  readonly oauthRegistration: boolean
  /** Password and provider sign-in (PASSWORD_SIGNIN, OIDC_*; OidcConfig.ts). */
  readonly signIn: OidcConfig.SignInSettings
  /** Self sign-up after the first account (`SIGNUP=open`); closed by default. */
  readonly signup: "open" | "closed"
  /** The plan of accounts people create in the web app. */
  readonly defaultPlan: Plan.Plan
  /**
   * Archived copies (docs/preservation.md): on/off, size cap, where they open and the key their links are signed with.
   */
  readonly archive: ArchiveConfig.ArchiveSettings
  /** New generated tags per page at most (NEW_TAGS_PER_PAGE, default 2); docs/enrichment.md, "Tags". */
  readonly newTagsPerPage: number
  /** Link health checks (LINK_CHECKS, LINK_CHECK_INTERVAL, LINK_CHECK_CAP; LinkCheckConfig.ts). */
  readonly linkChecks: LinkCheckConfig.LinkCheckSettings
}

const planLimits = checked(
  "PLAN_LIMITS",
  Config.String("PLAN_LIMITS"),
  (value) =>
    Result.mapError(
      Schema.decodeUnknownResult(Schema.fromJsonString(Plan.TableOverride))(value),
      () => `must be JSON like {"ultra":{"perMinute":1000,"perMonth":100000}}`
    )
)

/** `CORS_ORIGINS`: comma-separated exact origins (scheme://host[:port]) or `*`. */
const corsOrigins = checked("CORS_ORIGINS", Config.String("CORS_ORIGINS"), (value) => {
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
      return Result.fail(`'${origin}' is not an origin like https://app.example.com (scheme, host and port only)`)
    }
  }
  return Result.succeed(origins)
})

const port = Config.withDefault(portNumber("PORT"), 3000)

/** `TRUST_PROXY`: comma-separated addresses and CIDR ranges of the proxies in front. */
const trustedProxies = checked("TRUST_PROXY", Config.String("TRUST_PROXY"), TrustedProxies.parse)

const allowHosts = checked("ALLOW_HOSTS", Config.String("ALLOW_HOSTS"), AllowHosts.parse)

/**
 * Screenshots beside the embedded database by default, in Postgres once it is configured (workers need no shared disk).
 */
const assetStoreOf = (
  c: { readonly assetStore: Option.Option<AssetStoreChoice>; readonly databaseUrl: Option.Option<unknown> }
) => Option.getOrElse(c.assetStore, (): AssetStoreChoice => (Option.isSome(c.databaseUrl) ? "database" : "files"))

/** Counters in the database by default, in Redis once it is configured. */
const counterOf = (
  c: { readonly allowanceCounter: Option.Option<AllowanceCounterChoice>; readonly redisUrl: Option.Option<unknown> }
) =>
  Option.getOrElse(c.allowanceCounter, (): AllowanceCounterChoice => (Option.isSome(c.redisUrl) ? "redis" : "database"))

export const config: Config.Config<AppConfig> = Config.all({
  port,
  host: Config.withDefault(Config.String("HOST"), "127.0.0.1"),
  publicUrl: Config.option(httpUrl("PUBLIC_URL")),
  dataDir: Config.withDefault(Config.String("DATA_DIR"), "./data"),
  databaseUrl: Config.option(Config.Redacted("DATABASE_URL")),
  redisUrl: Config.option(Config.Redacted("REDIS_URL")),
  assetStore: Config.option(Config.Literals(assetStoreChoices, "ASSET_STORE")),
  allowanceCounter: Config.option(Config.Literals(["database", "redis"], "ALLOWANCE_COUNTER")),
  chromiumPath: Config.option(Config.String("CHROMIUM_PATH")),
  screenshots: Config.withDefault(Config.Boolean("SCREENSHOTS"), true),
  browserIdleClose: Config.withDefault(duration("BROWSER_IDLE_CLOSE"), 90_000),
  adminToken: Config.option(Config.Redacted("ADMIN_TOKEN")),
  allowPrivateNetwork: flag("ALLOW_PRIVATE_NETWORK"),
  allowHosts: Config.withDefault(allowHosts, AllowHosts.none),
  allowHttpWebhooks: flag("ALLOW_HTTP_WEBHOOKS"),
  retrySchedule: Config.withDefault(durationList("WEBHOOK_RETRY_SCHEDULE"), Delivery.defaultSchedule),
  deactivateAfter: Config.withDefault(duration("WEBHOOK_DEACTIVATE_AFTER"), Webhook.defaultDeactivation.failingFor),
  deactivateFailures: Config.withDefault(
    Config.Int("WEBHOOK_DEACTIVATE_FAILURES"),
    Webhook.defaultDeactivation.minFailures
  ),
  deliveryTimeout: Config.withDefault(duration("WEBHOOK_TIMEOUT"), Delivery.attemptTimeout),
  enrichmentRetries: Config.withDefault(durationList("ENRICHMENT_RETRY_SCHEDULE"), Job.retryDelays),
  enrichmentBudget: Config.withDefault(duration("ENRICHMENT_ATTEMPT_BUDGET"), Job.attemptBudget),
  enrichmentLease: Config.withDefault(duration("ENRICHMENT_LEASE"), Job.lease),
  importHostGap: Config.withDefault(duration("IMPORT_HOST_GAP"), Job.hostGap),
  importLease: Config.withDefault(duration("IMPORT_LEASE"), Import.lease),
  deliveryLogRetention: Config.withDefault(duration("DELIVERY_LOG_RETENTION"), defaultLogRetention),
  openAiBase: Config.option(httpUrl("OPENAI_BASE_URL")),
  openAiKey: Config.option(Config.Redacted("OPENAI_API_KEY")),
  openAiModel: Config.withDefault(Config.String("OPENAI_MODEL"), "gpt-4o-mini"),
  planOverride: Config.option(planLimits),
  workerConcurrency: Config.withDefault(bounded("WORKER_CONCURRENCY", 1, 64, "must be an integer between 1 and 64"), 2),
  newTagsPerPage: Config.withDefault(bounded("NEW_TAGS_PER_PAGE", 0, 5, "must be an integer between 0 and 5"), 2),
  corsOrigins: Config.withDefault(corsOrigins, []),
  metrics: Config.withDefault(Config.Boolean("METRICS"), true),
  metricsToken: Config.option(Config.Redacted("METRICS_TOKEN")).pipe(
    Config.map(Option.filter((token) => Redacted.value(token).trim() !== ""))
  ),
  metricsPort: Config.option(portNumber("METRICS_PORT")),
  trustedProxies: Config.withDefault(trustedProxies, TrustedProxies.none),
  // Empty is unset, as the OpenTelemetry SDKs read it (compose files pass `${VAR:-}`).
  otlpEndpoint: checked(
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    Config.option(Config.String("OTEL_EXPORTER_OTLP_ENDPOINT")),
    (value) =>
      Option.isNone(value) || value.value.trim() === ""
        ? Result.succeed(Option.none<string>())
        : Result.map(httpUrlOf(value.value), Option.some)
  ),
  serviceName: Config.withDefault(Config.String("OTEL_SERVICE_NAME"), "bookmarks"),
  logLevel: Config.withDefault(
    Config.Literals(["all", "trace", "debug", "info", "warning", "error", "fatal", "none"], "LOG_LEVEL"),
    "info"
  ),
  logFormat: Config.option(Config.Literals(["pretty", "json"], "LOG_FORMAT")),
  signup: Config.withDefault(Config.Literals(["open", "closed"], "SIGNUP"), "closed"),
  oauthRegistration: Config.withDefault(Config.Literals(["on", "off"], "OAUTH_REGISTRATION"), "on"),
  defaultPlan: Config.withDefault(Config.Literals(["free", "plus", "ultra"], "DEFAULT_PLAN"), "free"),
  ...ArchiveConfig.fields
}).pipe(
  Config.mapEffect((c) =>
    counterOf(c) === "redis" && Option.isNone(c.redisUrl)
      ? Effect.fail(invalidAt(["ALLOWANCE_COUNTER"], "redis needs REDIS_URL"))
      : Effect.succeed(c)
  ),
  Config.flatMap((c) => Config.map(S3Config.settings(assetStoreOf(c) === "s3"), (s3) => ({ ...c, s3 }))),
  Config.flatMap((c) => Config.map(OidcConfig.settings, (signIn) => ({ ...c, signIn }))),
  Config.flatMap((c) => Config.map(LinkCheckConfig.settings, (linkChecks) => ({ ...c, linkChecks }))),
  Config.map((c): AppConfig => ({
    port: c.port,
    host: c.host,
    publicUrl: Option.getOrElse(c.publicUrl, () => `http://${c.host.includes(":") ? `[${c.host}]` : c.host}:${c.port}`),
    dataDir: c.dataDir,
    databaseUrl: c.databaseUrl,
    redisUrl: c.redisUrl,
    assetStore: assetStoreOf(c),
    s3: c.s3,
    allowanceCounter: counterOf(c),
    chromiumPath: c.chromiumPath,
    screenshots: c.screenshots,
    browserIdleClose: c.browserIdleClose,
    adminToken: c.adminToken,
    allowPrivateNetwork: c.allowPrivateNetwork,
    allowHosts: c.allowHosts,
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
    plans: Option.match(c.planOverride, {
      onNone: () => Plan.defaultTable,
      onSome: (o) => Plan.withOverride(Plan.defaultTable, o)
    }),
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
    signIn: c.signIn,
    signup: c.signup,
    oauthRegistration: c.oauthRegistration === "on",
    defaultPlan: c.defaultPlan,
    archive: ArchiveConfig.settings(
      c,
      () => Option.getOrElse(c.publicUrl, () => `http://${c.host.includes(":") ? `[${c.host}]` : c.host}:${c.port}`)
    ),
    newTagsPerPage: c.newTagsPerPage,
    linkChecks: c.linkChecks
  }))
)

// Part of this module since the first release (the package exports it as AppConfig).
export { describeError } from "../ConfigIssue.js"
