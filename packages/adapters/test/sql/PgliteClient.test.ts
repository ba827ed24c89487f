/** The embedded PGlite client: durable data directories, serialised transactions, snapshots, migrations, outages. */
import { AccountId, Accounts } from "@bookmark-library/domain"
import * as SqlClient from "@effect/sql/SqlClient"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Context, Deferred, Effect, Exit, Fiber, Layer, Option, Schema, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Migrations from "../../src/sql/Migrations.js"
import * as PgliteClient from "../../src/sql/PgliteClient.js"
import * as SqlStorage from "../../src/sql/SqlStorage.js"

const root = mkdtempSync(join(tmpdir(), "pglite-client-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const dataDir = join(root, "data")

const Count = Schema.Struct({ n: Schema.Union(Schema.Number, Schema.NumberFromString) })
const count = (sql: SqlClient.SqlClient, table: string) =>
  Effect.flatMap(sql.unsafe(`SELECT count(*) AS n FROM ${table}`), (rows) => Schema.decodeUnknown(Count)(rows[0]))
    .pipe(Effect.map((row) => row.n))

describe("PgliteClient", () => {
  it.live("keeps committed rows and applied migrations across close and reopen of a data directory", () =>
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
        expect(yield* count(Context.get(context, SqlClient.SqlClient), Migrations.table)).toBe(Object.keys(Migrations.migrations).length)
      }))
    }), 120_000)

  it.live("serialises transactions: a concurrent one starts after the first commits and sees its rows", () =>
    Effect.gen(function*() {
      const context = yield* Layer.build(PgliteClient.layer({ dataDir }))
      const sql = Context.get(context, SqlClient.SqlClient)
      yield* sql`CREATE TEMP TABLE marks (n integer)`
      const inside = yield* Deferred.make<void>()
      const proceed = yield* Deferred.make<void>()
      const first = yield* Effect.fork(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO marks VALUES (1)`
        yield* Deferred.succeed(inside, undefined)
        yield* Deferred.await(proceed)
      })))
      yield* Deferred.await(inside)
      const second = yield* Effect.fork(sql.withTransaction(count(sql, "marks")))
      // A window for a broken gate to show itself (the second finishing while the first is open); a working gate
      // passes however slow the machine is, so this wait never decides the outcome of a correct client.
      const early = yield* Fiber.join(second).pipe(Effect.timeoutOption("200 millis"))
      expect(Option.isNone(early)).toBe(true)
      yield* Deferred.succeed(proceed, undefined)
      yield* Fiber.join(first)
      expect(yield* Fiber.join(second)).toBe(1)
    }).pipe(Effect.scoped), 120_000)

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
