/**
 * An `@effect/sql` client over in-process PGlite. PGlite has one connection: a one-permit semaphore
 * serialises queries and a transaction holds the permit until its scope closes: with two connections over one
 * PGlite, protocol messages interleave and writes are lost silently.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Errors } from "@bookmark-library/domain"
import { PGlite } from "@electric-sql/pglite"
import { Context, Effect, Layer, Runtime, Stream } from "effect"
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir } from "node:fs/promises"
import { createRequire } from "node:module"
import { join } from "node:path"
import { promisify } from "node:util"
import * as PgliteStatements from "./PgliteStatements.js"
import * as SqlNotifications from "./SqlNotifications.js"

export interface PgliteOptions {
  /** Directory of the database (survives restarts); in memory when absent. */
  readonly dataDir?: string | undefined
  /** A `dumpDataDir` snapshot to start from instead of running initdb (fast test databases). */
  readonly loadDataDir?: Blob | undefined
}

/** The PGlite instance itself, for snapshots (`dumpDataDir`) in tests and tools. */
export class PgliteInstance extends Context.Tag("PgliteInstance")<PgliteInstance, PGlite>() {}

type Row = Record<string, unknown>
type TransformRows = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined
type Guard = <A>(effect: Effect.Effect<A, SqlError>) => Effect.Effect<A, SqlError>

type Statements = ReturnType<typeof PgliteStatements.make>

const makeConnection = (db: PGlite, statements: Statements, guard: Guard): Connection => {
  // Statements of a bounded size run as named statements (PgliteStatements.ts); PGlite's own lock keeps its
  // internal queries (LISTEN) from interleaving with them.
  const query = <T = Row>(sql: string, params: ReadonlyArray<unknown>, rowMode: "object" | "array" = "object") =>
    guard(Effect.tryPromise({
      try: (): Promise<{ readonly rows: ReadonlyArray<T> }> =>
        statements.fits(sql, params)
          ? db.runExclusive(() => statements.query<T>(sql, params, rowMode))
          : db.query<T>(sql, [...params], { rowMode }),
      catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" })
    }))
  // Several statements without parameters (BEGIN, DDL) take the simple protocol.
  const exec = (sql: string) =>
    guard(Effect.tryPromise({
      try: () => db.exec(sql),
      catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" })
    }))
  const transform = (rows: ReadonlyArray<Row>, transformRows: TransformRows) =>
    transformRows === undefined ? rows : transformRows(rows)
  const execute: Connection["execute"] = (sql, params, transformRows) =>
    Effect.map(query(sql, params), (result) => transform(result.rows, transformRows))
  return {
    execute,
    executeRaw: (sql, params) =>
      guard(Effect.tryPromise({
        try: () => db.query(sql, [...params]),
        catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" })
      })),
    executeValues: (sql, params) =>
      Effect.map(query<ReadonlyArray<unknown>>(sql, params, "array"), (result) => result.rows),
    executeUnprepared: (sql, params, transformRows) =>
      params.length > 0
        ? execute(sql, params, transformRows)
        : Effect.map(exec(sql), (results) => transform(results[results.length - 1]?.rows ?? [], transformRows)),
    executeStream: (sql, params, transformRows) =>
      Stream.fromIterableEffect(execute(sql, params, transformRows))
  }
}

/**
 * initdb's default of 128 MB of shared buffers would all be resident in the WebAssembly heap, which never shrinks.
 * 16 MB keeps an idle server small (docs/decisions.md, "Performance targets"); pages beyond it are read back from the
 * operating system's file cache.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"]

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
    const runtime = yield* Effect.runtime<never>()
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => db.listen(SqlNotifications.channel, (payload) => Runtime.runSync(runtime)(signals.dispatch(payload))),
        catch: (cause) => new Errors.StorageUnavailable({ reason: `PGlite could not LISTEN: ${String(cause)}` })
      }),
      (unlisten) => Effect.promise(() => unlisten()).pipe(Effect.ignore)
    )
    return SqlNotifications.SqlNotifications.of({ next: signals.wait })
  })

/** The client and the instance; closes PGlite when the scope closes. */
export const make = Effect.fn("PgliteClient.make")(function*(options: PgliteOptions = {}) {
  const db = yield* open(options)
  const permit = yield* Effect.makeSemaphore(1)
  const statements = PgliteStatements.make(db)
  const shared = makeConnection(db, statements, (effect) => permit.withPermits(1)(effect))
  const owned = makeConnection(db, statements, (effect) => effect)
  const client = yield* SqlClient.make({
    acquirer: Effect.succeed(shared),
    // A transaction keeps the permit from BEGIN until its scope closes after COMMIT or ROLLBACK.
    transactionAcquirer: Effect.as(Effect.acquireRelease(permit.take(1), () => permit.release(1)), owned),
    compiler: PgClient.makeCompiler(),
    spanAttributes: [["db.system.name", "postgresql"], ["db.namespace", options.dataDir ?? "memory"]]
  })
  const notifications = yield* listen(db)
  return Context.make(SqlClient.SqlClient, client).pipe(
    Context.add(PgliteInstance, db),
    Context.add(SqlNotifications.SqlNotifications, notifications)
  )
})

/** `SqlClient`, `SqlNotifications` and the instance over PGlite in `dataDir` (or in memory). */
export const layer = (options: PgliteOptions = {}): Layer.Layer<
  SqlClient.SqlClient | SqlNotifications.SqlNotifications | PgliteInstance,
  Errors.StorageUnavailable
> => Layer.scopedContext(make(options)).pipe(Layer.provide(Reactivity.layer))
