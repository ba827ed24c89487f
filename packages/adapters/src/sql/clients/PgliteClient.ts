/**
 * Our `effect/sql` client over in-process PGlite (no PGlite driver for Effect 4 is published). PGlite has one
 * connection: a one-permit semaphore serialises statements and a transaction holds the permit until its scope
 * closes: with two connections over one PGlite, protocol messages interleave and writes are lost silently.
 */
import { Errors } from "@bookmark-library/domain"
import * as PgClient from "@effect/sql-pg/PgClient"
import { PGlite } from "@electric-sql/pglite"
import { Context, type Duration, Effect, Layer, Predicate, Semaphore, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import {
  AuthenticationError,
  AuthorizationError,
  ConnectionError,
  ConstraintError,
  DeadlockError,
  LockTimeoutError,
  SerializationError,
  SqlError,
  type SqlErrorReason,
  SqlSyntaxError,
  StatementTimeoutError,
  UniqueViolation,
  UnknownError
} from "effect/sql/SqlError"
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir } from "node:fs/promises"
import { createRequire } from "node:module"
import { join } from "node:path"
import { promisify } from "node:util"
import * as PgliteMaintenance from "./PgliteMaintenance.js"
import * as PgliteStatements from "./PgliteStatements.js"
import * as SqlNotifications from "./SqlNotifications.js"

export interface PgliteOptions {
  /** Directory of the database (survives restarts); in memory when absent. */
  readonly dataDir?: string | undefined
  /** A `dumpDataDir` snapshot to start from instead of running initdb (fast test databases). */
  readonly loadDataDir?: Blob | undefined
  /** How often the database is vacuumed and analysed (PgliteMaintenance.ts); one minute when absent. */
  readonly maintenanceInterval?: Duration.Input | undefined
}

/** The PGlite instance itself, for snapshots (`dumpDataDir`) in tests and tools. */
export class PgliteInstance extends Context.Service<PgliteInstance, PGlite>()("PgliteInstance") {}

type Row = Record<string, unknown>
type TransformRows = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

/** The one connection, with the COMMIT that tells a commit from the rollback of a failed transaction. */
interface PgliteConnection extends Connection {
  readonly commit: Effect.Effect<void, SqlError>
}

/**
 * The SQLSTATE classes as `@effect/sql-pg` reads them, so both engines fail with the same reasons. An error without
 * a SQLSTATE is the engine itself failing (closed, or its WebAssembly instance broken): what a lost connection is
 * to Postgres.
 */
const classify = (cause: unknown, message: string, operation: string): SqlErrorReason => {
  const props = { cause, message, operation }
  const code = Predicate.hasProperty(cause, "code") && typeof cause.code === "string" ? cause.code : ""
  if (code === "" || code.startsWith("08")) return new ConnectionError(props)
  if (code.startsWith("28")) return new AuthenticationError(props)
  if (code === "42501") return new AuthorizationError(props)
  if (code.startsWith("42")) return new SqlSyntaxError(props)
  if (code === "23505") {
    const constraint = Predicate.hasProperty(cause, "constraint") && typeof cause.constraint === "string" &&
        cause.constraint.trim() !== ""
      ? cause.constraint.trim()
      : "unknown"
    return new UniqueViolation({ ...props, constraint })
  }
  if (code.startsWith("23")) return new ConstraintError(props)
  if (code === "40P01") return new DeadlockError(props)
  if (code === "40001") return new SerializationError(props)
  if (code === "55P03") return new LockTimeoutError(props)
  if (code === "57014") return new StatementTimeoutError(props)
  return new UnknownError(props)
}

const failed = (operation: string) => (cause: unknown) =>
  new SqlError({ reason: classify(cause, "Failed to execute statement", operation) })

/** The connection over `db`; it takes no permit itself: the client's borrower and acquirers hold it. */
const makeConnection = (db: PGlite, statements: PgliteStatements.Statements): PgliteConnection => {
  // Statements of a bounded size run as named statements (PgliteStatements.ts); PGlite's own lock keeps its
  // internal queries (LISTEN) from interleaving with them.
  const query = <T = Row>(
    sql: string,
    params: ReadonlyArray<unknown>,
    rowMode: "object" | "array",
    operation: string
  ) =>
    Effect.tryPromise({
      try: (): Promise<{ readonly rows: ReadonlyArray<T> }> =>
        statements.fits(sql, params)
          ? db.runExclusive(() => statements.query<T>(sql, params, rowMode))
          : db.query<T>(sql, [...params], { rowMode }),
      catch: failed(operation)
    })
  // Several statements without parameters (BEGIN, DDL) take the simple protocol.
  const exec = (sql: string) => Effect.tryPromise({ try: () => db.exec(sql), catch: failed("executeUnprepared") })
  const transform = (rows: ReadonlyArray<Row>, transformRows: TransformRows) =>
    transformRows === undefined ? rows : transformRows(rows)
  const execute: Connection["execute"] = (sql, params, transformRows) =>
    Effect.map(query(sql, params, "object", "execute"), (result) => transform(result.rows, transformRows))
  return {
    execute,
    executeRaw: (sql, params) =>
      Effect.tryPromise({ try: () => db.query(sql, [...params]), catch: failed("executeRaw") }),
    executeValues: (sql, params) =>
      Effect.map(query<ReadonlyArray<unknown>>(sql, params, "array", "executeValues"), (result) => result.rows),
    executeValuesUnprepared: (sql, params) =>
      Effect.map(
        Effect.tryPromise({
          try: () => db.query<ReadonlyArray<unknown>>(sql, [...params], { rowMode: "array" }),
          catch: failed("executeValuesUnprepared")
        }),
        (result) => result.rows
      ),
    executeUnprepared: (sql, params, transformRows) =>
      params.length > 0
        ? execute(sql, params, transformRows)
        : Effect.map(exec(sql), (results) => transform(results[results.length - 1]?.rows ?? [], transformRows)),
    executeStream: (sql, params, transformRows) => Stream.fromArrayEffect(execute(sql, params, transformRows)),
    // Postgres answers COMMIT with ROLLBACK when the transaction had failed (a statement error that was caught):
    // nothing was written, so the transaction fails, as it does on Postgres (`@effect/sql-pg`'s commit).
    commit: Effect.flatMap(
      Effect.tryPromise({ try: () => db.runExclusive(() => statements.command("COMMIT")), catch: failed("commit") }),
      (command) =>
        command === "ROLLBACK"
          ? Effect.fail(
            new SqlError({
              reason: new UnknownError({
                cause: new Error("COMMIT rolled back an aborted transaction"),
                message: "PgliteClient: COMMIT rolled back an aborted transaction",
                operation: "commit"
              })
            })
          )
          : Effect.void
    )
  }
}

/**
 * initdb's default of 128 MB of shared buffers would all be resident in the WebAssembly heap, which never shrinks.
 * 16 MB keeps an idle server small (docs/decisions.md, "Performance targets"); pages beyond it are read back from the
 * operating system's file cache.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", ...PgliteMaintenance.startParams]

/**
 * Running initdb leaves a process hundreds of MB larger for good: initdb's WebAssembly memory, and native memory that
 * compiling and running it fragmented. So a new data directory is initialised by a short-lived node process, and
 * this process only opens initialised ones.
 */
const initialise = async (dataDir: string): Promise<void> => {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite")
  const options = JSON.stringify({ dataDir, startParams })
  await promisify(execFile)(process.execPath, [
    "-e",
    `require(${JSON.stringify(pglite)}).PGlite.create(${options}).then((db) => db.close())`
  ])
}

const create = async (options: PgliteOptions): Promise<PGlite> => {
  const { dataDir, loadDataDir } = options
  if (dataDir !== undefined && loadDataDir === undefined && !existsSync(join(dataDir, "PG_VERSION"))) {
    // DATA_DIR may not exist yet (a first `bookmarks migrate` or `work`); PGlite only creates the last directory.
    await mkdir(dataDir, { recursive: true })
    await initialise(dataDir)
  }
  return PGlite.create({
    startParams,
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(loadDataDir === undefined ? {} : { loadDataDir })
  })
}

const open = (options: PgliteOptions) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: () => create(options),
      catch: (cause) => {
        const where = options.dataDir ?? "an in-memory database"
        return new Errors.StorageUnavailable({ reason: `PGlite could not open ${where}: ${String(cause)}` })
      }
    }),
    (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
  )

/** Forwards PGlite's notifications (delivered after the notifying transaction commits) to in-process signals. */
const listen = (db: PGlite) =>
  Effect.gen(function*() {
    const signals = yield* SqlNotifications.makeSignals
    const dispatch = Effect.runSyncWith(yield* Effect.context<never>())
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => db.listen(SqlNotifications.channel, (payload) => dispatch(signals.dispatch(payload))),
        catch: (cause) => new Errors.StorageUnavailable({ reason: `PGlite could not LISTEN: ${String(cause)}` })
      }),
      (unlisten) => Effect.promise(() => unlisten()).pipe(Effect.ignore)
    )
    return SqlNotifications.SqlNotifications.of({ next: signals.wait })
  })

/** The client and the instance; closes PGlite when the scope closes. */
export const make = Effect.fn("PgliteClient.make")(function*(options: PgliteOptions = {}) {
  const db = yield* open(options)
  const permit = yield* Semaphore.make(1)
  const connection = makeConnection(db, PgliteStatements.make(db))
  // The permit for as long as the caller's scope lasts: a transaction (from BEGIN until its scope closes after
  // COMMIT or ROLLBACK), a stream, `reserve`. Waiting for it can be interrupted; holding it cannot leak.
  const lease = Effect.as(permit.takeScoped(1), connection)
  const client = yield* SqlClient.make({
    driver: "pglite",
    acquirer: lease,
    transactionAcquirer: lease,
    // A single statement borrows the connection for just its run: no scope, no finalizer per statement.
    borrower: (f) => permit.withPermit(f(connection)),
    commit: () => connection.commit,
    releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
    // A ROLLBACK after a failed COMMIT (which already ended the transaction) would only warn; skip it then.
    isTransaction: () => !db.closed && db.isInTransaction(),
    compiler: PgClient.makeCompiler(),
    spanAttributes: [
      ["db.system.name", "postgresql"],
      ["db.namespace", "postgres"],
      ["pglite.data_dir", options.dataDir ?? "memory"]
    ]
  })
  const notifications = yield* listen(db)
  yield* PgliteMaintenance.every(client, options.maintenanceInterval ?? PgliteMaintenance.defaultInterval)
  return Context.make(SqlClient.SqlClient, client).pipe(
    Context.add(PgliteInstance, db),
    Context.add(SqlNotifications.SqlNotifications, notifications)
  )
})

/** `SqlClient`, `SqlNotifications` and the instance over PGlite in `dataDir` (or in memory). */
export const layer = (options: PgliteOptions = {}): Layer.Layer<
  SqlClient.SqlClient | SqlNotifications.SqlNotifications | PgliteInstance,
  Errors.StorageUnavailable
> => Layer.effectContext(make(options)).pipe(Layer.provide(Reactivity.layer))
