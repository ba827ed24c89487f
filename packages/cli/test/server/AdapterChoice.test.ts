/**
 * The composition root picks the asset store and the allowance counter by name from the configuration, and the SQL
 * storage set-ups provide only the SQL ports (no adapter replaced by another through `Layer.merge` order).
 */
import { SqlStorage } from "@bookmark-library/adapters"
import { AccountId, AllowanceCounter, ApiKeyId, AssetId, AssetStore, Settings } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Context, Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { existsSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as AdapterChoice from "../../src/server/AdapterChoice.js"
import * as AppConfig from "../../src/server/AppConfig.js"
import * as Databases from "../support/Databases.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")

const configOf = (env: Record<string, string>) => AppConfig.config.parse(ConfigProvider.fromEnv({ env }))

const Count = Schema.Array(Schema.Struct({ n: Schema.NumberFromString }))
const count = (table: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => Effect.flatMap(sql.unsafe(`SELECT count(*)::text AS n FROM ${table}`), Schema.decodeUnknownEffect(Count))
  ).pipe(
    Effect.map((rows) => rows[0]?.n ?? -1)
  )

const assetId = AssetId.make("0123456789abcdef0123456789abcdef")

/** Stores one asset and charges one request through whatever the composition chose. */
const useBoth = Effect.gen(function*() {
  yield* (yield* AssetStore).put(assetId, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" })
  const accountId = AccountId.make(`acc_composition_${Math.random().toString(36).slice(2)}`)
  const keyId = ApiKeyId.make("key_composition")
  yield* (yield* AllowanceCounter).charge({
    accountId,
    keyId,
    limits: { perMinute: 10, perMonth: 10 },
    planChangedAt: 0
  })
})

describe("adapter choice by name", () => {
  let dataDir = ""
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "bookmarks-composition-"))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it.effect("the configuration names the choices; the defaults follow DATABASE_URL and REDIS_URL", () =>
    Effect.gen(function*() {
      const choices = (env: Record<string, string>) =>
        Effect.map(configOf(env), (c) => [c.assetStore, c.allowanceCounter])
      expect(yield* choices({})).toEqual(["files", "database"])
      expect(yield* choices({ DATABASE_URL: "postgres://x/y" })).toEqual(["database", "database"])
      expect(yield* choices({ DATABASE_URL: "postgres://x/y", REDIS_URL: "redis://r" })).toEqual(["database", "redis"])
      expect(yield* choices({ ASSET_STORE: "database", ALLOWANCE_COUNTER: "database", REDIS_URL: "redis://r" }))
        .toEqual(["database", "database"])
      expect(yield* choices({ DATABASE_URL: "postgres://x/y", ASSET_STORE: "files" })).toEqual(["files", "database"])
      const refused = (env: Record<string, string>) => Effect.map(Effect.flip(configOf(env)), AppConfig.describeError)
      expect(yield* refused({ ALLOWANCE_COUNTER: "redis" })).toMatch(
        /^Invalid configuration: ALLOWANCE_COUNTER: .*REDIS_URL/
      )
      expect(yield* refused({ ASSET_STORE: "ftp" })).toMatch(/^Invalid configuration: ASSET_STORE/)
      expect(yield* refused({ ASSET_STORE: "s3" })).toBe(
        "Invalid configuration: S3_BUCKET: ASSET_STORE=s3 needs S3_BUCKET"
      )
    }))

  it.effect("ALLOW_HOSTS: names and ranges read at start; an entry that is neither stops the process, named", () =>
    Effect.gen(function*() {
      const allow = (yield* configOf({ ALLOW_HOSTS: "wiki.home, 192.168.1.0/24" })).allowHosts
      expect([...allow.names]).toEqual(["wiki.home"])
      expect(allow.ranges.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(["192.168.1.0/24"])
      expect((yield* configOf({})).allowHosts.ranges).toEqual([])
      const refused = yield* Effect.map(
        Effect.flip(configOf({ ALLOW_HOSTS: "wiki.home, 192.168.1.0/40" })),
        AppConfig.describeError
      )
      expect(refused).toMatch(/^Invalid configuration: ALLOW_HOSTS: .*'192\.168\.1\.0\/40'/)
    }))

  it.effect("NEW_TAGS_PER_PAGE sets K, the new generated tags per page, 0–5 (default 2), into the settings", () =>
    Effect.gen(function*() {
      const k = (env: Record<string, string>) => Effect.map(configOf(env), (c) => c.newTagsPerPage)
      expect(yield* k({})).toBe(2)
      expect(yield* k({ NEW_TAGS_PER_PAGE: "0" })).toBe(0)
      const settings = yield* Effect.provide(
        Effect.gen(function*() {
          return yield* Settings.Settings
        }),
        AdapterChoice.settings(yield* configOf({ NEW_TAGS_PER_PAGE: "5" }))
      )
      expect(settings.newTagsPerPage).toBe(5)
      const refused = (env: Record<string, string>) => Effect.map(Effect.flip(configOf(env)), AppConfig.describeError)
      for (const bad of ["6", "-1", "two", "1.5"]) {
        expect(yield* refused({ NEW_TAGS_PER_PAGE: bad })).toMatch(/^Invalid configuration: NEW_TAGS_PER_PAGE/)
      }
    }))

  it.live(
    "the SQL storage set-up provides the SQL ports only: no asset store, no counter",
    () =>
      Effect.gen(function*() {
        const context = yield* Layer.build(SqlStorage.embedded({}))
        expect(Option.isNone(Context.getOption(context, AssetStore))).toBe(true)
        expect(Option.isNone(Context.getOption(context, AllowanceCounter))).toBe(true)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "embedded default: the screenshot is a file under DATA_DIR/assets and no row; counts in the database",
    () =>
      Effect.gen(function*() {
        const config = yield* configOf({ DATA_DIR: join(dataDir, "default") })
        yield* Effect.gen(function*() {
          yield* useBoth
          expect(existsSync(join(dataDir, "default", "assets", assetId.slice(0, 2), assetId))).toBe(true)
          expect(yield* count("assets")).toBe(0)
        }).pipe(Effect.provide(AdapterChoice.storage(config)))
        // Counted in memory (BufferedAllowanceCounter) and written at the latest when the storage closes.
        expect(yield* count("allowance_counters").pipe(Effect.provide(AdapterChoice.storage(config)))).toBe(1)
      }),
    60_000
  )

  it.live("ASSET_STORE=database in embedded mode: the screenshot is a row and no file", () =>
    Effect.gen(function*() {
      const config = yield* configOf({ DATA_DIR: join(dataDir, "sql-assets"), ASSET_STORE: "database" })
      yield* Effect.gen(function*() {
        yield* useBoth
        expect(existsSync(join(dataDir, "sql-assets", "assets"))).toBe(false)
        expect(yield* count("assets")).toBe(1)
      }).pipe(Effect.provide(AdapterChoice.storage(config)))
    }), 60_000)

  describe.runIf(database.run && redis.run)("scaled", () => {
    let db: Awaited<ReturnType<typeof Databases.create>> | undefined
    beforeAll(async () => {
      db = await Databases.create(database.value)
    })
    afterAll(async () => {
      await db?.drop()
    })

    it.live(
      "DATABASE_URL and REDIS_URL: the screenshot is a row, the count is in Redis and not in the database",
      () =>
        Effect.gen(function*() {
          const env = { DATA_DIR: join(dataDir, "scaled"), DATABASE_URL: db?.url ?? "", REDIS_URL: redis.value }
          const config = yield* configOf(env)
          yield* Effect.gen(function*() {
            yield* useBoth
            expect(existsSync(join(dataDir, "scaled", "assets"))).toBe(false)
            expect(yield* count("assets")).toBe(1)
            expect(yield* count("allowance_counters")).toBe(0)
          }).pipe(Effect.provide(AdapterChoice.storage(config)))
        }),
      60_000
    )
  })
})
