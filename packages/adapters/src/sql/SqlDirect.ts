/**
 * The hot statements' short way to the database. `@effect/sql` runs every statement inside a span, a scope and a
 * connection checkout of its own: about 0.08 ms of CPU per statement through `@effect/sql-pg`, against some
 * 0.04 ms for a bare `pool.query` (bench/notes.md). The Postgres client (`PostgresClient.ts`) provides this
 * service: it runs the compiled statement on its `pg` pool as a named prepared statement (parsed once per
 * connection). Without the service (PGlite) or inside a transaction, `run` is the statement itself, so a port
 * that uses it behaves the same everywhere: same SQL, same parameters, same rows, same `SqlError`.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import { Context, Effect, Option } from "effect"

export interface Runner {
  /** Runs compiled SQL with its parameters; the rows as the driver returns them. */
  readonly query: (sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<any>, SqlError>
  /**
   * Runs a statement in a transaction of its own on a small pool of its own, committed before it returns, even
   * when the caller is inside a transaction: for a short lock that must not be held until the caller's commit.
   * The pool is separate so that callers holding transactions can never wait for each other's connections, and
   * its connections give up waiting for a lock after `lock_timeout`.
   */
  readonly autonomous: (sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<any>, SqlError>
  /** How many statements ran this way so far: round trips a tracer does not see (tests count them). */
  readonly statements: () => number
}

export class SqlDirect extends Context.Tag("@bookmark-library/adapters/SqlDirect")<SqlDirect, Runner>() {}

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
    }))
)

/**
 * `run` for a port's constructor: the direct runner when the client provides one, else the statement as it is.
 * A statement inside `withTransaction` always goes through the transaction's connection.
 */
export const make: Effect.Effect<Run> = Effect.map(Effect.serviceOption(SqlDirect), Option.match({
  onNone: () => viaStatement,
  onSome: (runner): Run => (statement) =>
    Effect.contextWithEffect((context) => {
      if (Context.getOption(context, SqlClient.TransactionConnection)._tag === "Some") return statement
      const [sql, params] = statement.compile()
      return runner.query(sql, params)
    })
}))
