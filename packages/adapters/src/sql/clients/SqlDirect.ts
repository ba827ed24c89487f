/**
 * The hot statements' short way to the database. `effect/sql` runs every statement inside a span of its own and
 * through the client's connection machinery: under Effect 4 still about half again the CPU of a statement run
 * straight on the pool (some 50 against 35 µs, `SELECT $1` on a busy 2-core machine; bench/notes.md has the Effect 3
 * figures, 0.08 against 0.04 ms). The Postgres client (`PostgresClient.ts`) provides this service: it runs the
 * compiled statement straight on the pool the client uses, lending a connection for the one statement (a named
 * prepared statement, parsed once per connection). Without the service (PGlite) or inside a transaction, `run` is
 * the statement itself, so a port that uses it behaves the same everywhere: same SQL, same parameters, same rows,
 * same `SqlError`.
 */
import { Context, Effect, Option } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type * as Statement from "effect/sql/Statement"

export interface Runner {
  /** Runs compiled SQL with its parameters; the rows as the driver returns them. */
  // oxlint-disable-next-line typescript/no-explicit-any -- rows typed by the Statement<A> run, as effect/sql's execute
  readonly query: (sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<any>, SqlError>
  /**
   * Runs a statement in a transaction of its own on a small pool of its own, committed before it returns, even
   * when the caller is inside a transaction: for a short lock that must not be held until the caller's commit.
   * The pool is separate so that callers holding transactions can never wait for each other's connections, and
   * its connections give up waiting for a lock after `lock_timeout`.
   */
  // oxlint-disable-next-line typescript/no-explicit-any -- rows typed by the Statement<A> run, as effect/sql's execute
  readonly autonomous: (sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<any>, SqlError>
  /** How many statements ran this way so far: round trips a tracer does not see (tests count them). */
  readonly statements: () => number
}

export class SqlDirect extends Context.Service<SqlDirect, Runner>()("@bookmark-library/adapters/SqlDirect") {}

export type Run = <A extends object>(statement: Statement.Statement<A>) => Effect.Effect<ReadonlyArray<A>, SqlError>

const viaStatement: Run = (statement) => statement

/**
 * `autonomous` for a port's constructor, when the client has it (Postgres); none on a single connection (PGlite),
 * where the caller keeps doing the work inside its transaction.
 */
export const makeAutonomous: Effect.Effect<Option.Option<Run>> = Effect.map(
  Effect.serviceOption(SqlDirect),
  Option.map((runner): Run => (statement) =>
    Effect.suspend(() => {
      const [sql, params] = statement.compile()
      return runner.autonomous(sql, params)
    })
  )
)

/**
 * `run` for a port's constructor: the direct runner when the client provides one, else the statement as it is.
 * A statement inside the client's `withTransaction` always goes through the transaction's connection.
 */
export const make: Effect.Effect<Run, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const client = yield* SqlClient.SqlClient
  const direct = yield* Effect.serviceOption(SqlDirect)
  return Option.match(direct, {
    onNone: () => viaStatement,
    onSome: (runner): Run => (statement) =>
      Effect.contextWith((context) => {
        if (Option.isSome(Context.getOption(context, client.transactionService))) return statement
        const [sql, params] = statement.compile()
        return runner.query(sql, params)
      })
  })
})
