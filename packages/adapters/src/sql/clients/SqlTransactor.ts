/** Several storage operations as one SQL transaction (the transactional outbox); nested blocks are savepoints. */
import { type Errors, Transactor } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { SqlError } from "effect/sql/SqlError"
import { isOutage, outageDefects, unavailable } from "./SqlFailure.js"

export const make = Effect.map(SqlClient.SqlClient, (sql) =>
  Transactor.of({
    atomic: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      sql.withTransaction(effect).pipe(
        // Only BEGIN and COMMIT can fail with a SqlError here: the ports inside already speak StorageUnavailable.
        Effect.catchIf(
          (error): error is SqlError => error instanceof SqlError,
          (error): Effect.Effect<never, Errors.StorageUnavailable> =>
            isOutage(error) ? Effect.fail(unavailable(error)) : Effect.die(error)
        ),
        // ROLLBACK (and savepoint) failures arrive as defects.
        outageDefects,
        Effect.withSpan("SqlTransactor.atomic")
      )
  }))

export const layer = Layer.effect(Transactor, make)
