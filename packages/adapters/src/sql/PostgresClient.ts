/**
 * The Postgres client (`@effect/sql-pg`) over a `pg` pool of our own, with a LISTEN connection that turns
 * notifications into wake-ups, and `SqlDirect`: the hot statements straight on that pool (see SqlDirect.ts).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Errors } from "@bookmark-library/domain"
import { Duration, Effect, Layer, Redacted, Schedule, Stream } from "effect"
import pg from "pg"
import { SqlDirect } from "./SqlDirect.js"
import { unavailable } from "./SqlFailure.js"
import * as SqlNotifications from "./SqlNotifications.js"

export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Pool size per process; several API and worker processes share the server's connection limit. */
  readonly maxConnections?: number | undefined
  readonly connectTimeout?: Duration.DurationInput | undefined
  readonly applicationName?: string | undefined
}

export const defaultMaxConnections = 10

/**
 * One listening connection for the life of the layer; if it fails, it is re-established after a second.
 * Meanwhile waiters simply wake at their next poll.
 */
const notifications = Effect.gen(function*() {
  const client = yield* PgClient.PgClient
  const signals = yield* SqlNotifications.makeSignals
  yield* client.listen(SqlNotifications.channel).pipe(
    Stream.runForEach(signals.dispatch),
    Effect.tapErrorCause((cause) => Effect.logWarning("LISTEN connection failed; retrying", cause)),
    Effect.retry(Schedule.spaced("1 second")),
    Effect.forkScoped
  )
  return SqlNotifications.SqlNotifications.of({ next: signals.wait })
})

/**
 * Named prepared statements, one name per SQL text: Postgres parses a statement once per connection instead of on
 * every call (the pool plans every execution anew, with its parameters: `plan_cache_mode=force_custom_plan`). The texts come from the code (values are always parameters), so they are few; past
 * `maxNamed` a text runs unnamed rather than growing every connection's statement cache.
 */
export const maxNamed = 200

export const makeRunner = (pool: pg.Pool, autonomousPool: pg.Pool) => {
  const names = new Map<string, string>()
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql)
    if (known !== undefined || names.size >= maxNamed) return known
    const name = `bk_${names.size}`
    names.set(sql, name)
    return name
  }
  let statements = 0
  const on = (target: pg.Pool) => (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.async<ReadonlyArray<any>, SqlError>((resume) => {
      statements++
      const name = nameOf(sql)
      const config: pg.QueryConfig = name === undefined
        ? { text: sql, values: params as Array<unknown> }
        : { name, text: sql, values: params as Array<unknown> }
      target.query(config, (error: Error | undefined, result: pg.QueryResult | undefined) => {
        resume(
          error !== undefined && error !== null
            ? Effect.fail(new SqlError({ cause: error, message: "Failed to execute statement" }))
            : Effect.succeed(result?.rows ?? [])
        )
      })
    })
  return SqlDirect.of({ statements: () => statements, query: on(pool), autonomous: on(autonomousPool) })
}

/** Connections of the pool for autonomous statements (SqlDirect.ts), besides `maxConnections`. */
export const autonomousConnections = 3
/**
 * How long an autonomous statement waits for a row lock before it fails: short, because the lock may be held by
 * the caller's own transaction, which waits for it (the caller then does the work in its transaction).
 */
export const autonomousLockTimeoutMs = 100

/** A pool, ended with the layer. Options as `PgClient.layer` sets them. */
const acquirePool = (options: PostgresOptions, max: number, extra: Partial<pg.PoolConfig> = {}) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const pool = new pg.Pool({
        ...extra,
        connectionString: Redacted.value(options.url),
        max,
        connectionTimeoutMillis: Duration.toMillis(options.connectTimeout ?? Duration.seconds(5)),
        idleTimeoutMillis: 30_000,
        application_name: options.applicationName ?? "bookmarks"
      })
      // A broken idle connection is dropped by the pool; the next statement reports the outage.
      pool.on("error", () => undefined)
      return pool
    }),
    (pool) => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(1_000))
  )

/** The pool answers (as `PgClient.layer` checks at start), within the connect timeout. */
const connected = (pool: pg.Pool, options: PostgresOptions) =>
  Effect.tryPromise({
    try: () => pool.query("SELECT 1"),
    catch: (cause) => new SqlError({ cause, message: "PgClient: Failed to connect" })
  }).pipe(
    Effect.timeoutFail({
      duration: options.connectTimeout ?? Duration.seconds(5),
      onTimeout: () => new SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
    })
  )

/** `SqlClient`, `PgClient`, `SqlDirect` and `SqlNotifications` over a pool to `url`. */
export const layer = (options: PostgresOptions): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | SqlDirect | SqlNotifications.SqlNotifications,
  Errors.StorageUnavailable
> => {
  const client = Layer.unwrapScoped(Effect.gen(function*() {
    // Named statements skip the parse, never the planning: a generic plan would not see which words a search
    // has, and rare and common words need different plans (docs/decisions.md, "Storage details").
    const pool = yield* acquirePool(options, options.maxConnections ?? defaultMaxConnections, {
      options: "-c plan_cache_mode=force_custom_plan"
    })
    // Their commits do not wait for the WAL flush: the only autonomous statement is the createdAt stamp, and the
    // insert that uses a stamp commits after it, synchronously, which flushes the WAL up to and past the stamp.
    // A crash can only lose stamps whose inserts were not durable either, so `last_bookmark_at` never goes back
    // behind a saved bookmark.
    const autonomousPool = yield* acquirePool(options, autonomousConnections, {
      lock_timeout: autonomousLockTimeoutMs,
      options: "-c synchronous_commit=off"
    })
    yield* connected(pool, options)
    return Layer.merge(
      PgClient.layerFromPool({ acquire: Effect.succeed(pool), applicationName: options.applicationName ?? "bookmarks" }),
      Layer.succeed(SqlDirect, makeRunner(pool, autonomousPool))
    )
  })).pipe(Layer.mapError(unavailable))
  return Layer.provideMerge(Layer.scoped(SqlNotifications.SqlNotifications, notifications), client)
}
