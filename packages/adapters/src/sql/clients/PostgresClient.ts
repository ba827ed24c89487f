/**
 * The Postgres client over `@effect/sql-pg`'s own wire-protocol pool: `SqlClient` and `PgClient` built on a pool
 * of our own, `SqlDirect` (the hot statements straight on that pool, see SqlDirect.ts) and its small autonomous
 * pool, and a LISTEN connection that turns notifications into wake-ups.
 */
import type { Errors } from "@bookmark-library/domain"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgConnection from "@effect/sql-pg/PgConnection"
import * as PgPool from "@effect/sql-pg/PgPool"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Array as Arr, Context, Duration, Effect, Layer, Predicate, Redacted, Result, Schedule, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import { ConnectionError, SqlError, UnknownError } from "effect/sql/SqlError"
import * as Statement from "effect/sql/Statement"
import { SqlDirect } from "./SqlDirect.js"
import { unavailable } from "./SqlFailure.js"
import * as SqlNotifications from "./SqlNotifications.js"

export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Pool size per process; several API and worker processes share the server's connection limit. */
  readonly maxConnections?: number | undefined
  readonly connectTimeout?: Duration.Input | undefined
  readonly applicationName?: string | undefined
}

export const defaultMaxConnections = 10

/**
 * Prepared statements each connection keeps, by SQL text (the least recently used one is closed past it): Postgres
 * parses a statement once per connection instead of on every call. The texts come from the code (values are always
 * parameters), so they are few.
 */
export const maxNamed = 200

/** Connections of the pool for autonomous statements (SqlDirect.ts), besides `maxConnections`. */
export const autonomousConnections = 3
/**
 * How long an autonomous statement waits for a row lock before it fails: short, because the lock may be held by
 * the caller's own transaction, which waits for it (the caller then does the work in its transaction).
 */
export const autonomousLockTimeoutMs = 100

/**
 * int8 as decimal text, as `pg` returned it: the rows' readers (`RowCheck`, `RowSchema.Int8`) take text or a number
 * and refuse what is not a safe integer, where the driver's default `bigint` would be neither.
 */
const readInt8 = (bytes: Uint8Array, offset: number, size: number): Result.Result<string, PgTypes.CodecError> =>
  size === 8
    ? Result.succeed(new DataView(bytes.buffer, bytes.byteOffset + offset, 8).getBigInt64(0).toString())
    : Result.fail(new PgTypes.CodecError({ message: `int8 of ${size} bytes` }))

const int8AsText: PgTypes.Codec<unknown> = {
  encode: (value) => PgTypes.encode(value, PgTypes.OID.int8),
  decode: (bytes) => readInt8(bytes, 0, bytes.length),
  read: readInt8
}

const types = PgTypes.makeRegistry()
types.register(PgTypes.OID.int8, int8AsText, { arrayOid: PgTypes.OID.int8Array })

/** A pool as every pool here is configured; `settings` are the connections' startup parameters. */
const makePool = (options: PostgresOptions, maxConnections: number, settings: Record<string, string>) =>
  PgPool.make({
    url: options.url,
    maxConnections,
    connectTimeout: options.connectTimeout ?? Duration.seconds(5),
    idleTimeout: Duration.seconds(30),
    applicationName: options.applicationName ?? "bookmarks",
    startupParameters: settings,
    types,
    preparedStatementCacheSize: maxNamed
  })

/** The pool answers (connecting its first connection), within the connect timeout. */
const connected = (pool: PgPool.PgPool, timeout: Duration.Input) =>
  pool.use((connection) => connection.query("SELECT 1")).pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () =>
        Effect.fail(
          new SqlError({
            reason: new ConnectionError({
              cause: new Error("Connection timed out"),
              message: "PgClient: Connection timed out",
              operation: "connect"
            })
          })
        )
    })
  )

/** An `effect/sql` connection over one of the pool's sessions. */
const makeConnection = (session: PgConnection.PgConnection): Connection => {
  const rows = (sql: string, params: ReadonlyArray<unknown>, prepare: boolean) =>
    Effect.map(session.query(sql, params, prepare), (result) => result.rows)
  return {
    execute: (sql, params, transformRows) =>
      transformRows === undefined ? rows(sql, params, true) : Effect.map(rows(sql, params, true), transformRows),
    executeRaw: (sql, params) => session.query(sql, params),
    executeValues: (sql, params) => session.queryValues(sql, params),
    executeValuesUnprepared: (sql, params) => session.queryValues(sql, params, false),
    executeUnprepared: (sql, params, transformRows) =>
      transformRows === undefined ? rows(sql, params, false) : Effect.map(rows(sql, params, false), transformRows),
    executeStream: (sql, params, transformRows) =>
      transformRows === undefined
        ? session.stream(sql, params)
        : Stream.mapArray(session.stream(sql, params), (chunk) => {
          const transformed = transformRows(chunk)
          return Arr.isReadonlyArrayNonEmpty(transformed) ? transformed : chunk
        })
  }
}

/** Postgres answers COMMIT with ROLLBACK when the transaction had failed: nothing was written, so it fails. */
const commit = (connection: Connection): Effect.Effect<void, SqlError> =>
  Effect.flatMap(
    connection.executeRaw("COMMIT", []),
    (result) =>
      Predicate.hasProperty(result, "command") && result.command === "ROLLBACK"
        ? Effect.fail(
          new SqlError({
            reason: new UnknownError({
              cause: new Error("COMMIT rolled back an aborted transaction"),
              message: "PgClient: COMMIT rolled back an aborted transaction",
              operation: "commit"
            })
          })
        )
        : Effect.void
  )

interface PgJson extends Statement.Custom<"PgJson", unknown> {}
/** The fragment `PgClient.makeCompiler` binds as jsonb. */
const PgJson = Statement.custom<PgJson>("PgJson")

/** The database, host and port the URL names, for the statements' spans (OpenTelemetry's names). */
const spanAttributes = (url: string): ReadonlyArray<readonly [string, unknown]> => {
  const parsed = new URL(url)
  return [
    ["db.system.name", "postgresql"],
    ["db.namespace", decodeURIComponent(parsed.pathname.slice(1)) || "postgres"],
    ["server.address", parsed.hostname || "localhost"],
    ["server.port", parsed.port === "" ? 5432 : Number(parsed.port)]
  ]
}

/**
 * `PgClient` over `pool`, as `PgClient.make` builds it but on a pool `SqlDirect` shares. LISTEN takes a connection
 * of its own, outside the pool: it is held for as long as its scope lasts and must not starve statements.
 */
const makeClient = Effect.fnUntraced(function*(pool: PgPool.PgPool, config: PgPool.Config) {
  const client = yield* SqlClient.make({
    driver: "pg",
    acquirer: Effect.map(pool.get, makeConnection),
    borrower: (f) => pool.use((session) => f(makeConnection(session))),
    transactionAcquirer: Effect.map(pool.reserve, makeConnection),
    // Postgres prepares transaction control like any statement: BEGIN and COMMIT are parsed once per connection.
    prepareTransactionControls: true,
    commit,
    releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
    compiler: PgClient.makeCompiler(),
    spanAttributes: spanAttributes(Redacted.value(config.url ?? Redacted.make("postgres://localhost")))
  })
  const pgClient: PgClient.PgClient = Object.assign(client, {
    [PgClient.TypeId]: PgClient.TypeId,
    config,
    json: (value: unknown) => Statement.fragment([PgJson(value)]),
    listen: (channel: string) => Effect.flatMap(PgConnection.make(config), (session) => session.listen(channel)),
    notify: (channel: string, payload: string) =>
      Effect.asVoid(pool.use((session) => session.query("SELECT pg_notify($1, $2)", [channel, payload])))
  })
  return pgClient
})

/**
 * `SqlDirect` on the client's pool and on the autonomous one. A statement borrows a session for just its run
 * (`PgPool.use`: no scope, no span) and runs as a prepared statement of that session.
 */
export const makeRunner = (pool: PgPool.PgPool, autonomousPool: PgPool.PgPool) => {
  let statements = 0
  const on = (target: PgPool.PgPool) => (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.suspend(() => {
      statements++
      return target.use((session) => Effect.map(session.query(sql, params), (result) => result.rows))
    })
  return SqlDirect.of({ statements: () => statements, query: on(pool), autonomous: on(autonomousPool) })
}

/**
 * One listening connection for the life of the layer; if it fails, it is re-established after a second.
 * Meanwhile waiters simply wake at their next poll.
 */
const notifications = Effect.gen(function*() {
  const client = yield* PgClient.PgClient
  const signals = yield* SqlNotifications.makeSignals
  yield* Effect.scoped(
    Effect.flatMap(
      client.listen(SqlNotifications.channel),
      (queue) =>
        Stream.fromQueue(queue).pipe(Stream.runForEach((notification) => signals.dispatch(notification.payload)))
    )
  ).pipe(
    Effect.tapCause((cause) => Effect.logWarning("LISTEN connection failed; retrying", cause)),
    Effect.retry(Schedule.spaced("1 second")),
    Effect.forkScoped
  )
  return SqlNotifications.SqlNotifications.of({ next: signals.wait })
})

/** `SqlClient`, `PgClient`, `SqlDirect` and `SqlNotifications` over a pool to `url`. */
export const layer = (options: PostgresOptions): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | SqlDirect | SqlNotifications.SqlNotifications,
  Errors.StorageUnavailable
> => {
  const client = Layer.effectContext(
    Effect.gen(function*() {
      // Prepared statements skip the parse, never the planning: a generic plan would not see which words a search
      // has, and rare and common words need different plans (docs/decisions.md, "Storage details").
      const pool = yield* makePool(options, options.maxConnections ?? defaultMaxConnections, {
        plan_cache_mode: "force_custom_plan"
      })
      // Their commits do not wait for the WAL flush: the only autonomous statement is the createdAt stamp, and the
      // insert that uses a stamp commits after it, synchronously, which flushes the WAL up to and past the stamp.
      // A crash can only lose stamps whose inserts were not durable either, so `last_bookmark_at` never goes back
      // behind a saved bookmark.
      const autonomousPool = yield* makePool(options, autonomousConnections, {
        lock_timeout: String(autonomousLockTimeoutMs),
        synchronous_commit: "off"
      })
      yield* connected(pool, options.connectTimeout ?? Duration.seconds(5))
      const pgClient = yield* makeClient(pool, pool.config)
      return Context.make(PgClient.PgClient, pgClient).pipe(
        Context.add(SqlClient.SqlClient, pgClient),
        Context.add(SqlDirect, makeRunner(pool, autonomousPool))
      )
    }).pipe(Effect.mapError(unavailable))
  ).pipe(Layer.provide(Reactivity.layer))
  return Layer.provideMerge(Layer.effect(SqlNotifications.SqlNotifications, notifications), client)
}
