/**
 * The embedded PGlite client (our own `effect/sql` client): statements and their parameters, transactions,
 * savepoints, the one permit, LISTEN, named statements, durable data directories, snapshots, migrations, outages.
 */
import { AccountId, Accounts } from "@bookmark-library/domain"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Context, Deferred, Effect, Exit, Fiber, Layer, Option, Ref, Schema, Scope } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { isSqlError } from "effect/sql/SqlError"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as PgliteClient from "../../../src/sql/clients/PgliteClient.js"
import * as SqlNotifications from "../../../src/sql/clients/SqlNotifications.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"
import * as SqlStorage from "../../../src/sql/SqlStorage.js"
import * as Harness from "../Harness.js"

const root = mkdtempSync(join(tmpdir(), "pglite-client-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const dataDir = join(root, "data")

const Count = Schema.Struct({ n: Schema.Union([Schema.Number, Schema.NumberFromString]) })
const count = (sql: SqlClient.SqlClient, table: string) =>
  Effect.flatMap(sql.unsafe(`SELECT count(*) AS n FROM ${table}`), (rows) => Schema.decodeUnknownEffect(Count)(rows[0]))
    .pipe(Effect.map((row) => row.n))

describe("PgliteClient", () => {
  it.live(
    "keeps committed rows and applied migrations across close and reopen of a data directory",
    () =>
      Effect.gen(function*() {
        const account = { id: AccountId.make("acc_durable"), plan: "plus" as const, createdAt: 1, planChangedAt: 1 }
        yield* Effect.scoped(Effect.gen(function*() {
          const context = yield* Layer.build(PgliteClient.layer({ dataDir }))
          const sql = Context.get(context, SqlClient.SqlClient)
          const run = Migrations.run.pipe(Effect.provideService(SqlClient.SqlClient, sql))
          const [first, second] = yield* Effect.all([run, run], { concurrency: "unbounded" })
          const all = Object.keys(Migrations.migrations).length
          expect([first.length + second.length, Math.min(first.length, second.length)]).toEqual([all, 0])
          expect(yield* run).toEqual([])
          yield* sql`INSERT INTO accounts (id, plan, created_at, plan_changed_at) VALUES (${account.id}, 'plus', 1, 1)`
        }))
        yield* Effect.scoped(Effect.gen(function*() {
          const context = yield* Layer.build(SqlStorage.embedded({ dataDir }))
          expect(yield* Context.get(context, Accounts).get(account.id)).toEqual(Option.some(account))
          expect(yield* count(Context.get(context, SqlClient.SqlClient), Migrations.table)).toBe(
            Object.keys(Migrations.migrations).length
          )
        }))
      }),
    120_000
  )

  it.live(
    "serialises transactions: a concurrent one starts after the first commits and sees its rows",
    () =>
      Effect.gen(function*() {
        const context = yield* Layer.build(PgliteClient.layer({ dataDir }))
        const sql = Context.get(context, SqlClient.SqlClient)
        yield* sql`CREATE TEMP TABLE marks (n integer)`
        const inside = yield* Deferred.make<void>()
        const proceed = yield* Deferred.make<void>()
        const first = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO marks VALUES (1)`
          yield* Deferred.succeed(inside, undefined)
          yield* Deferred.await(proceed)
        })))
        yield* Deferred.await(inside)
        const second = yield* Effect.forkChild(sql.withTransaction(count(sql, "marks")))
        // A window for a broken gate to show itself (the second finishing while the first is open); a working gate
        // passes however slow the machine is, so this wait never decides the outcome of a correct client.
        const early = yield* Fiber.join(second).pipe(Effect.timeoutOption("200 millis"))
        expect(Option.isNone(early)).toBe(true)
        yield* Deferred.succeed(proceed, undefined)
        yield* Fiber.join(first)
        expect(yield* Fiber.join(second)).toBe(1)
      }).pipe(Effect.scoped),
    120_000
  )

  it.live("starts a fresh database from a dumpDataDir snapshot", () =>
    Effect.gen(function*() {
      const snapshot = yield* Effect.scoped(Effect.gen(function*() {
        const context = yield* Layer.build(PgliteClient.layer({ dataDir }))
        return yield* Effect.promise(() => Context.get(context, PgliteClient.PgliteInstance).dumpDataDir("gzip"))
      }))
      const context = yield* Layer.build(PgliteClient.layer({ loadDataDir: snapshot }))
      const sql = Context.get(context, SqlClient.SqlClient)
      expect(yield* count(sql, "accounts")).toBe(1)
      yield* sql`DELETE FROM accounts`
      expect(yield* count(sql, "accounts")).toBe(0)
    }).pipe(Effect.scoped), 120_000)

  it.live("reports a closed database as StorageUnavailable", () =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(PgliteClient.layer({ dataDir }), scope)
      yield* Scope.close(scope, Exit.void)
      const failure = yield* Effect.flip(SqlStorage.ping.pipe(Effect.provide(context)))
      expect(failure._tag).toBe("StorageUnavailable")
    }), 120_000)
})

describe("PgliteClient statements and transactions", () => {
  const database = Harness.pglite()
  const run = <A, E>(
    effect: Effect.Effect<A, E, SqlClient.SqlClient | SqlNotifications.SqlNotifications | PgliteClient.PgliteInstance>
  ) => effect.pipe(Effect.provide(database))
  const Ns = Schema.Array(Schema.Struct({ n: Schema.Number }))
  const numbers = (sql: SqlClient.SqlClient, table: string) =>
    Effect.flatMap(sql.unsafe(`SELECT n FROM ${table} ORDER BY n`), (rows) => Schema.decodeUnknownEffect(Ns)(rows))
      .pipe(Effect.map((rows) => rows.map((row) => row.n)))
  /** The reason of the SqlError `effect` fails with. */
  const reasonOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.map(
      Effect.flip(effect),
      (error) => (isSqlError(error) ? error.reason._tag : `not a SqlError: ${String(error)}`)
    )

  it.live("runs statements with their parameters: typed, null, arrays, JSON, records, raw SQL, several at once", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      expect(sql.driver).toBe("pglite")
      expect(yield* sql`SELECT ${2}::int + ${3}::int AS sum, ${"it's"}::text AS text, ${null}::text AS nothing`)
        .toEqual([{ sum: 5, text: "it's", nothing: null }])
      expect(yield* sql`SELECT ${["a", "b c"]}::text[] AS tags, ${JSON.stringify({ k: [1] })}::jsonb AS doc`)
        .toEqual([{ tags: ["a", "b c"], doc: { k: [1] } }])
      yield* sql`CREATE TABLE client_params (n int PRIMARY KEY, label text NOT NULL)`
      yield* sql`INSERT INTO client_params ${sql.insert([{ n: 1, label: "one" }, { n: 2, label: "two" }])}`
      expect(yield* sql`SELECT label FROM client_params WHERE n = ANY(${[2]}::int[])`).toEqual([{ label: "two" }])
      expect(yield* sql`SELECT n, label FROM client_params ORDER BY n`.values).toEqual([[1, "one"], [2, "two"]])
      // Without parameters, several statements run at once (the simple protocol): the last one answers.
      const last = yield* sql.unsafe(
        "INSERT INTO client_params VALUES (3, 'three'); SELECT count(*)::int AS c FROM client_params"
      )
        .unprepared
      expect(last).toEqual([{ c: 3 }])
      expect(yield* reasonOf(sql`INSERT INTO client_params VALUES (${1}, ${"again"})`)).toBe("UniqueViolation")
      expect(yield* reasonOf(sql`SELECT nope FROM client_params`)).toBe("SqlSyntaxError")
      yield* sql`DROP TABLE client_params`
    })))

  it.live("a transaction commits its statements; a failing one rolls them all back", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE client_tx (n int PRIMARY KEY)`
      yield* sql.withTransaction(
        Effect.andThen(sql`INSERT INTO client_tx VALUES (${1})`, sql`INSERT INTO client_tx VALUES (${2})`)
      )
      const failed = yield* Effect.flip(sql.withTransaction(
        Effect.andThen(sql`INSERT INTO client_tx VALUES (${3})`, Effect.fail("abort" as const))
      ))
      expect(failed).toBe("abort")
      expect(yield* numbers(sql, "client_tx")).toEqual([1, 2])
      yield* sql`DROP TABLE client_tx`
    })))

  it.live("a nested transaction is a savepoint: it rolls back alone and the outer one still commits", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE client_nested (n int PRIMARY KEY)`
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO client_nested VALUES (${1})`
        const inner = yield* Effect.flip(sql.withTransaction(
          Effect.andThen(sql`INSERT INTO client_nested VALUES (${2})`, Effect.fail("inner" as const))
        ))
        expect(inner).toBe("inner")
        // A statement that fails inside the savepoint leaves the outer transaction usable too.
        const duplicate = yield* reasonOf(sql.withTransaction(sql`INSERT INTO client_nested VALUES (${1})`))
        expect(duplicate).toBe("UniqueViolation")
        yield* sql.withTransaction(sql`INSERT INTO client_nested VALUES (${3})`)
      }))
      expect(yield* numbers(sql, "client_nested")).toEqual([1, 3])
      yield* sql`DROP TABLE client_nested`
    })))

  it.live("a transaction whose failed statement was caught does not commit: COMMIT fails, nothing is written", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE client_aborted (n int PRIMARY KEY)`
      const outcome = yield* Effect.flip(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO client_aborted VALUES (${1})`
        yield* Effect.exit(sql`INSERT INTO client_aborted VALUES (${1})`)
      })))
      expect(isSqlError(outcome) && outcome.message).toBe("PgliteClient: COMMIT rolled back an aborted transaction")
      expect(yield* numbers(sql, "client_aborted")).toEqual([])
      yield* sql`DROP TABLE client_aborted`
    })))

  it.live("a statement outside waits while a transaction holds the permit, and never runs inside it", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE client_permit (n int PRIMARY KEY)`
      const inside = yield* Deferred.make<void>()
      const proceed = yield* Deferred.make<void>()
      const transaction = yield* Effect.forkChild(Effect.exit(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO client_permit VALUES (${1})`
        yield* Deferred.succeed(inside, undefined)
        yield* Deferred.await(proceed)
        return yield* Effect.fail("rolled back" as const)
      }))))
      yield* Deferred.await(inside)
      const outside = yield* Effect.forkChild(Effect.andThen(
        sql`INSERT INTO client_permit VALUES (${2})`,
        sql`SELECT n FROM client_permit ORDER BY n`
      ))
      // A window for a broken permit to show itself; a working one passes however slow the machine is.
      expect(Option.isNone(yield* Fiber.join(outside).pipe(Effect.timeoutOption("200 millis")))).toBe(true)
      yield* Deferred.succeed(proceed, undefined)
      expect(Exit.isFailure(yield* Fiber.join(transaction))).toBe(true)
      // Run inside the transaction, the outside insert would have been rolled back with it.
      expect(yield* Fiber.join(outside)).toEqual([{ n: 2 }])
      yield* sql`DROP TABLE client_permit`
    })))

  it.live("LISTEN wakes waiters when the notifying transaction commits, never before, and not after a rollback", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const notifications = yield* SqlNotifications.SqlNotifications
      const notify = sql`SELECT pg_notify(${SqlNotifications.channel}, 'jobs')`
      const woken = yield* Ref.make(0)
      const waiter = () =>
        Effect.forkChild(Effect.andThen(notifications.next("jobs"), Ref.update(woken, (n) => n + 1)), {
          startImmediately: true
        })
      const first = yield* waiter()
      yield* Effect.exit(sql.withTransaction(Effect.andThen(notify, Effect.fail("rolled back" as const))))
      yield* Effect.sleep("200 millis")
      expect(yield* Ref.get(woken)).toBe(0)
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* notify
        yield* Effect.sleep("200 millis")
        expect(yield* Ref.get(woken)).toBe(0)
      }))
      yield* Fiber.join(first).pipe(Effect.timeout("5 seconds"))
      expect(yield* Ref.get(woken)).toBe(1)
      // Outside a transaction the statement commits on its own.
      const second = yield* waiter()
      yield* notify
      yield* Fiber.join(second).pipe(Effect.timeout("5 seconds"))
      expect(yield* Ref.get(woken)).toBe(2)
    })))

  it.live("a statement is prepared once and its named statement reused, whatever its parameters", () =>
    run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const db = yield* PgliteClient.PgliteInstance
      const text = "SELECT $1::int * 2 AS twice -- reuse probe"
      const prepared = () =>
        Effect.promise(() =>
          db.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement = $1", [text])
        ).pipe(Effect.map((result) => result.rows.map((row) => row.name)))
      expect(yield* prepared()).toEqual([])
      expect(yield* sql.unsafe(text, [1])).toEqual([{ twice: 2 }])
      const names = yield* prepared()
      expect(names).toHaveLength(1)
      for (const n of [2, 3, 4]) expect(yield* sql.unsafe(text, [n])).toEqual([{ twice: n * 2 }])
      expect(yield* prepared()).toEqual(names)
    })))
})
