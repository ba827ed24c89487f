/**
 * Starts the whole service in this process, exactly as `bookmarks start`/`serve` compose it, on a free loopback
 * port: embedded (PGlite in a temp DATA_DIR) or scaled (a fresh Postgres database and Redis).
 */
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type * as AdapterChoice from "../../src/server/AdapterChoice.js"
import * as AppConfig from "../../src/server/AppConfig.js"
import * as Logging from "../../src/server/observability/Logging.js"
import * as Processes from "../../src/server/Processes.js"
import { Client } from "./Client.js"
import * as Databases from "./Databases.js"
import { freePort } from "./FreePort.js"
import * as OffsetClock from "./OffsetClock.js"

export type Mode = "embedded" | "scaled"

export interface StartOptions {
  readonly mode?: Mode
  readonly roles?: "all" | "api"
  readonly env?: Record<string, string>
  readonly overrides?: AdapterChoice.TestOverrides
  /** Reuse a data directory or database (a restart); otherwise a fresh one is made. */
  readonly storage?: Storage
}

/** Where a started service keeps its data; survives `stop` so a test can start again on it. */
export interface Storage {
  readonly mode: Mode
  readonly dataDir: string
  readonly databaseUrl?: string
  readonly cleanup: () => Promise<void>
}

export const newStorage = async (mode: Mode): Promise<Storage> => {
  const dataDir = await mkdtemp(join(tmpdir(), "bookmarks-e2e-"))
  if (mode === "embedded") return { mode, dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) }
  const base = process.env["TEST_DATABASE_URL"]
  if (base === undefined || base === "") throw new Error("scaled mode needs TEST_DATABASE_URL")
  const db = await Databases.create(base)
  return {
    mode,
    dataDir,
    databaseUrl: db.url,
    cleanup: async () => {
      await db.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
}

export interface Started {
  readonly baseUrl: string
  readonly api: string
  readonly adminToken: string
  readonly storage: Storage
  readonly clock: OffsetClock.OffsetClock
  readonly client: Client
  /** Runs an effect inside the service's runtime (its ports), e.g. to inspect storage. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Layer.Success<ReturnType<typeof Processes.layer>>>) => Promise<A>
  /** Stops the service (graceful: leases released, server drained); storage is kept. */
  readonly stop: () => Promise<void>
}

export const start = async (options: StartOptions = {}): Promise<Started> => {
  const mode = options.mode ?? options.storage?.mode ?? "embedded"
  const storage = options.storage ?? await newStorage(mode)
  // A test that must know the address before the start (a provider's redirect URI) picks the port itself.
  const port = options.env?.["PORT"] === undefined ? await freePort() : Number(options.env["PORT"])
  const adminToken = `adm_${randomBytes(16).toString("hex")}`
  const env: Record<string, string> = {
    DATA_DIR: storage.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: process.env["TEST_LOG_LEVEL"] ?? "error",
    LOG_FORMAT: "json",
    SCREENSHOTS: process.env["CHROMIUM_PATH"] ? "true" : "false",
    ...(process.env["CHROMIUM_PATH"] ? { CHROMIUM_PATH: process.env["CHROMIUM_PATH"] } : {}),
    ...(storage.databaseUrl === undefined ? {} : { DATABASE_URL: storage.databaseUrl }),
    ...(mode === "scaled" ? { REDIS_URL: process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379" } : {}),
    ...options.env
  }
  const config = await Effect.runPromise(AppConfig.config.parse(ConfigProvider.fromEnv({ env })))
  const clock = OffsetClock.make()
  const layer = Processes.layer(config, options.roles ?? "all", options.overrides).pipe(
    Layer.provide(Logging.layer(config)),
    Layer.provide(clock.layer)
  )
  const runtime = ManagedRuntime.make(layer)
  await runtime.runPromise(Effect.void)
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    baseUrl,
    api: `${baseUrl}/v1/api`,
    adminToken,
    storage,
    clock,
    client: new Client(baseUrl, adminToken),
    run: (effect) => runtime.runPromise(effect),
    stop: () => runtime.dispose()
  }
}

/** Runs `f` with a started service, then stops it and removes its storage. */
export const withService = async <A>(options: StartOptions, f: (service: Started) => Promise<A>) => {
  const service = await start(options)
  try {
    return await f(service)
  } finally {
    await service.stop()
    await service.storage.cleanup()
  }
}
