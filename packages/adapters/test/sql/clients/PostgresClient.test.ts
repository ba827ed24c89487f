/**
 * The Postgres client on `@effect/sql-pg`'s own pool: the connections' settings, int8 as text, `SqlDirect` (same rows
 * and errors as a statement, the transaction's connection inside one, the autonomous pool outside it), COMMIT of a
 * failed transaction, LISTEN after commit only, and a server that never answers.
 */
import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Context, Effect, Fiber, Layer, Redacted, Ref, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { isSqlError } from "effect/sql/SqlError"
import * as net from "node:net"
import * as PostgresClient from "../../../src/sql/clients/PostgresClient.js"
import * as SqlDirect from "../../../src/sql/clients/SqlDirect.js"
import * as SqlNotifications from "../../../src/sql/clients/SqlNotifications.js"
import * as Harness from "../Harness.js"

const database = External.needs("TEST_DATABASE_URL")

/** The reason of the SqlError `effect` fails with. */
const reasonOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.map(
    Effect.flip(effect),
    (error) => (isSqlError(error) ? error.reason._tag : `not a SqlError: ${String(error)}`)
  )

const Setting = Schema.Array(Schema.Struct({ value: Schema.String }))
const setting = (rows: ReadonlyArray<unknown>) =>
  Effect.map(Schema.decodeUnknownEffect(Setting)(rows), (decoded) => decoded.map((row) => row.value))

/** A TCP server that accepts connections and never answers: a database host that hangs. */
const silentServer = Effect.acquireRelease(
  Effect.callback<{ readonly server: net.Server; readonly port: number }>((resume) => {
    const sockets = new Set<net.Socket>()
    const server = net.createServer((socket) => {
      sockets.add(socket)
      socket.on("close", () => sockets.delete(socket))
    })
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resume(Effect.succeed({ server, port: typeof address === "object" && address !== null ? address.port : 0 }))
    })
    server.on("close", () => sockets.forEach((socket) => socket.destroy()))
  }),
  ({ server }) => Effect.sync(() => server.close())
)

/**
 * A database of its own for the scope, for LISTEN: notifications are per database, and other test files notify on
 * the same channel in the shared one.
 */
const privateDatabase = (url: string) =>
  Effect.gen(function*() {
    const name = `test_listen_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    const admin = Context.get(
      yield* Layer.build(PostgresClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
      SqlClient.SqlClient
    )
    yield* Effect.acquireRelease(
      admin.unsafe(`CREATE DATABASE ${name}`),
      () => Effect.ignore(admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`))
    )
    const own = new URL(url)
    own.pathname = `/${name}`
    return own.toString()
  })

describe.runIf(database.run)("PostgresClient", () => {
  const url = Harness.postgresSchema(database.value)
  const client = () => Layer.build(PostgresClient.layer({ url: Redacted.make(url()), maxConnections: 2 }))

  it.live(
    "its connections carry their settings: the pool's, the autonomous pool's, and the URL's options on both",
    () =>
      Effect.gen(function*() {
        const context = yield* client()
        const sql = Context.get(context, SqlClient.SqlClient)
        const direct = Context.get(context, SqlDirect.SqlDirect)
        const schema = new URL(url()).searchParams.get("options")?.replace("-c search_path=", "")
        const show = (name: string) => `SELECT current_setting('${name}') AS value`
        expect(yield* setting(yield* sql.unsafe(show("plan_cache_mode")))).toEqual(["force_custom_plan"])
        expect(yield* setting(yield* direct.query(show("plan_cache_mode"), []))).toEqual(["force_custom_plan"])
        expect(yield* setting(yield* sql.unsafe(show("search_path")))).toEqual([schema])
        expect(yield* setting(yield* direct.autonomous(show("search_path"), []))).toEqual([schema])
        expect(yield* setting(yield* direct.autonomous(show("lock_timeout"), []))).toEqual(["100ms"])
        expect(yield* setting(yield* direct.autonomous(show("synchronous_commit"), []))).toEqual(["off"])
        expect(yield* setting(yield* sql.unsafe(show("synchronous_commit")))).toEqual(["on"])
        expect(yield* setting(yield* sql.unsafe(show("application_name")))).toEqual(["bookmarks"])
      }).pipe(Effect.scoped),
    30_000
  )

  it.live(
    "int8 comes back as text, as `pg` returned it; SqlDirect answers with the statement's rows and errors",
    () =>
      Effect.gen(function*() {
        const context = yield* client()
        const sql = Context.get(context, SqlClient.SqlClient)
        const direct = Context.get(context, SqlDirect.SqlDirect)
        const text =
          "SELECT $1::bigint AS n, ARRAY[1, 5000000000]::bigint[] AS a, count(*) AS c, $2::jsonb AS doc, $3::int AS i"
        const params = [5_000_000_000, JSON.stringify({ k: ["v"] }), 7]
        const expected = [{ n: "5000000000", a: ["1", "5000000000"], c: "1", doc: { k: ["v"] }, i: 7 }]
        expect(yield* sql.unsafe(text, params)).toEqual(expected)
        const before = direct.statements()
        expect(yield* direct.query(text, params)).toEqual(expected)
        expect(direct.statements() - before).toBe(1)
        expect(yield* reasonOf(direct.query("SELECT nope", []))).toBe("SqlSyntaxError")
        expect(yield* reasonOf(sql.unsafe("SELECT nope"))).toBe("SqlSyntaxError")
      }).pipe(Effect.scoped),
    30_000
  )

  it.live(
    "inside a transaction a direct statement runs on the transaction's connection; autonomous never does",
    () =>
      Effect.gen(function*() {
        const context = yield* client()
        const sql = Context.get(context, SqlClient.SqlClient)
        const direct = Context.get(context, SqlDirect.SqlDirect)
        const [run, autonomous] = yield* Effect.all([SqlDirect.make, SqlDirect.makeAutonomous]).pipe(
          Effect.provide(context)
        )
        yield* sql`CREATE TABLE direct_probe (id int PRIMARY KEY, n int NOT NULL)`
        yield* sql`INSERT INTO direct_probe VALUES (1, 0)`
        const outcome = yield* Effect.flip(sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO direct_probe VALUES (2, 0)`
          const before = direct.statements()
          // Sees the transaction's own insert: it went through the transaction's connection, not the pool.
          expect(yield* run(sql`SELECT id FROM direct_probe ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }])
          expect(direct.statements()).toBe(before)
          if (autonomous._tag === "None") return yield* Effect.die(new Error("Postgres has autonomous statements"))
          // Commits on its own pool: it survives the caller's rollback, and never sees the caller's rows.
          expect(yield* autonomous.value(sql`UPDATE direct_probe SET n = n + 1 WHERE id = 1 RETURNING n`)).toEqual([{
            n: 1
          }])
          expect(yield* autonomous.value(sql`SELECT id FROM direct_probe ORDER BY id`)).toEqual([{ id: 1 }])
          // A row the caller's transaction holds locked: the autonomous statement gives up after lock_timeout.
          yield* sql`UPDATE direct_probe SET n = n + 10 WHERE id = 1`
          const started = yield* Clock.currentTimeMillis
          expect(yield* reasonOf(autonomous.value(sql`UPDATE direct_probe SET n = n + 1 WHERE id = 1`))).toBe(
            "LockTimeoutError"
          )
          expect((yield* Clock.currentTimeMillis) - started).toBeLessThan(5_000)
          return yield* Effect.fail("rolled back" as const)
        })))
        expect(outcome).toBe("rolled back")
        expect(yield* sql`SELECT id, n FROM direct_probe ORDER BY id`).toEqual([{ id: 1, n: 1 }])
        yield* sql`DROP TABLE direct_probe`
      }).pipe(Effect.scoped),
    30_000
  )

  it.live(
    "a transaction whose failed statement was caught does not commit: COMMIT fails, nothing is written",
    () =>
      Effect.gen(function*() {
        const context = yield* client()
        const sql = Context.get(context, SqlClient.SqlClient)
        yield* sql`CREATE TABLE aborted_probe (id int PRIMARY KEY)`
        const outcome = yield* Effect.flip(sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO aborted_probe VALUES (${1})`
          yield* Effect.exit(sql`INSERT INTO aborted_probe VALUES (${1})`)
        })))
        expect(isSqlError(outcome) && outcome.message).toBe("PgClient: COMMIT rolled back an aborted transaction")
        expect(yield* sql`SELECT id FROM aborted_probe`).toEqual([])
        yield* sql`DROP TABLE aborted_probe`
      }).pipe(Effect.scoped),
    30_000
  )

  it.live(
    "LISTEN wakes waiters when the notifying transaction commits, not after a rollback",
    () =>
      Effect.gen(function*() {
        const own = yield* privateDatabase(database.value)
        const context = yield* Layer.build(PostgresClient.layer({ url: Redacted.make(own), maxConnections: 2 }))
        const sql = Context.get(context, SqlClient.SqlClient)
        const notifications = Context.get(context, SqlNotifications.SqlNotifications)
        const notify = sql`SELECT pg_notify(${SqlNotifications.channel}, 'deliveries')`
        const woken = yield* Ref.make(0)
        // The listening connection starts with the layer; a first notification shows it is listening.
        yield* Effect.forkChild(notify.pipe(Effect.delay("50 millis"), Effect.forever), { startImmediately: true })
          .pipe(
            Effect.flatMap((ping) => Effect.ensuring(notifications.next("deliveries"), Fiber.interrupt(ping))),
            Effect.timeout("10 seconds")
          )
        const waiter = yield* Effect.forkChild(
          Effect.andThen(notifications.next("deliveries"), Ref.update(woken, (n) => n + 1)),
          { startImmediately: true }
        )
        yield* Effect.exit(sql.withTransaction(Effect.andThen(notify, Effect.fail("rolled back" as const))))
        yield* Effect.sleep("300 millis")
        expect(yield* Ref.get(woken)).toBe(0)
        yield* sql.withTransaction(notify)
        yield* Fiber.join(waiter).pipe(Effect.timeout("5 seconds"))
        expect(yield* Ref.get(woken)).toBe(1)
      }).pipe(Effect.scoped),
    30_000
  )

  it.live(
    "a server that accepts but never answers fails the layer within the connect timeout, as StorageUnavailable",
    () =>
      Effect.gen(function*() {
        const { port } = yield* silentServer
        const started = yield* Clock.currentTimeMillis
        const failure = yield* Effect.flip(Layer.build(PostgresClient.layer({
          url: Redacted.make(`postgres://postgres@127.0.0.1:${port}/none`),
          connectTimeout: "1 second"
        })))
        expect(failure._tag).toBe("StorageUnavailable")
        expect((yield* Clock.currentTimeMillis) - started).toBeLessThan(4_000)
      }).pipe(Effect.scoped),
    30_000
  )
})
