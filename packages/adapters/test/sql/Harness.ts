/** Test support for the SQL adapters: layers built once per suite, outside TestClock; fresh databases. */
import type { AllowanceCounter } from "@bookmark-library/domain"
import { afterAll, beforeAll } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Redacted, Scope } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "../../src/sql/clients/PgliteClient.js"
import * as PostgresClient from "../../src/sql/clients/PostgresClient.js"
import type { SqlNotifications } from "../../src/sql/clients/SqlNotifications.js"
import * as Migrations from "../../src/sql/schema/Migrations.js"
import * as SqlStorage from "../../src/sql/SqlStorage.js"
import * as SqlAllowanceCounter from "../../src/sql/stores/SqlAllowanceCounter.js"
import * as SqlAssetStore from "../../src/sql/stores/SqlAssetStore.js"

/**
 * Builds `make()` once before the suite's tests (in the live runtime, so pools and listeners never run on
 * a TestClock) and closes it after them; tests get the built context through the returned layer.
 */
export const shared = <ROut, E>(make: () => Layer.Layer<ROut, E>): Layer.Layer<ROut> => {
  let built: { readonly scope: Scope.Closeable; readonly context: Context.Context<ROut> } | undefined
  beforeAll(async () => {
    const scope = Effect.runSync(Scope.make())
    const context = await Effect.runPromise(Layer.buildWithScope(make(), scope))
    built = { scope, context }
  })
  afterAll(async () => {
    if (built !== undefined) await Effect.runPromise(Scope.close(built.scope, Exit.void))
  })
  return Layer.effectContext(
    Effect.suspend(() =>
      built === undefined
        ? Effect.die(new Error("suite context used before it was built"))
        : Effect.succeed(built.context)
    )
  )
}

/** Every SQL adapter over one client: the storage ports, the asset store and the allowance counter. */
const adapters = (counter: Layer.Layer<AllowanceCounter, never, SqlClient.SqlClient> = SqlAllowanceCounter.layer) =>
  Layer.mergeAll(SqlStorage.layer, SqlAssetStore.layer, counter)

const schemaName = () => `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`

/** One in-memory PGlite per test file (initdb is the expensive part), built before the file's suites. */
export const pglite = () => shared(() => PgliteClient.layer())

/**
 * Every port in a fresh, migrated schema of the file's PGlite. PGlite has a single session and suites run
 * one after another, so pointing the session's search_path at the schema in the suite's setup isolates it.
 */
export const pgliteStorage = (
  database: Layer.Layer<SqlClient.SqlClient | SqlNotifications>,
  counter?: Layer.Layer<AllowanceCounter, never, SqlClient.SqlClient>
) =>
() => {
  const schema = schemaName()
  const enter = Layer.effectDiscard(
    Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => Effect.andThen(sql.unsafe(`CREATE SCHEMA ${schema}`), sql.unsafe(`SET search_path TO ${schema}`))
    )
  )
  return Layer.provideMerge(
    adapters(counter),
    Layer.provideMerge(Migrations.layer, Layer.provideMerge(enter, database))
  )
}

/** `url` with a search_path option, so every pooled connection works in `schema`. */
export const withSchema = (url: string, schema: string): string => {
  const parsed = new URL(url)
  parsed.searchParams.set("options", `-c search_path=${schema}`)
  return parsed.toString()
}

const admin = (url: string, statement: string) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const context = yield* Layer.build(PostgresClient.layer({ url: Redacted.make(url), maxConnections: 1 }))
    yield* Context.get(context, SqlClient.SqlClient).unsafe(statement)
  })))

/** A fresh schema for the suite, dropped after it; returns a URL working in it (read it once tests run). */
export const postgresSchema = (url: string): () => string => {
  const schema = schemaName()
  beforeAll(() => admin(url, `CREATE SCHEMA ${schema}`))
  afterAll(() => admin(url, `DROP SCHEMA ${schema} CASCADE`))
  return () => withSchema(url, schema)
}

/**
 * Every SQL adapter over a migrated Postgres schema, on a pool of its own: two of these over one schema are two
 * processes sharing a database.
 */
export const postgresStorageIn = (schemaUrl: () => string) => () =>
  Layer.provideMerge(
    adapters(),
    Layer.provideMerge(Migrations.layer, PostgresClient.layer({ url: Redacted.make(schemaUrl()) }))
  )

/** Every SQL adapter over a fresh, migrated Postgres schema. */
export const postgresStorage = (url: string) => postgresStorageIn(postgresSchema(url))
