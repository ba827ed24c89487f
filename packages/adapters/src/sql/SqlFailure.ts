/** The adapter edge: outages become `StorageUnavailable`, broken SQL or rows become defects. */
import { SqlError } from "@effect/sql/SqlError"
import { Errors } from "@bookmark-library/domain"
import { Effect, Option, ParseResult, Predicate } from "effect"

/**
 * SQLSTATE classes that mean "not now" rather than "never": connection (08), resources (53),
 * operator intervention (57), transaction rollback (40: serialization failure, deadlock), lock not available.
 */
const transient = (code: string): boolean =>
  ["08", "53", "57", "40"].includes(code.slice(0, 2)) || code === "55P03"

const sqlState = (cause: unknown): string | undefined =>
  Predicate.hasProperty(cause, "code") && typeof cause.code === "string" && /^[0-9A-Z]{5}$/.test(cause.code)
    ? cause.code
    : undefined

const describe = (cause: unknown): string =>
  cause instanceof Error ? cause.message : Predicate.isString(cause) ? cause : "unknown cause"

/** Whether a SQL error is an outage (no SQLSTATE means the connection itself failed). */
export const isOutage = (error: SqlError): boolean => {
  const code = sqlState(error.cause)
  return code === undefined || transient(code)
}

export const unavailable = (error: SqlError): Errors.StorageUnavailable =>
  new Errors.StorageUnavailable({ reason: `${error.message}: ${describe(error.cause)}` })

/**
 * A transaction's COMMIT or ROLLBACK failing is a defect in `@effect/sql` (`withTransaction` dies with it); when
 * the connection is what failed (the database went away mid-transaction), it is an outage like any other.
 */
export const outageDefects = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | Errors.StorageUnavailable, R> =>
  Effect.catchSomeDefect(effect, (defect) =>
    defect instanceof SqlError && isOutage(defect) ? Option.some(Effect.fail(unavailable(defect))) : Option.none())

/** Maps a statement's failure: outages to `StorageUnavailable`, anything else (a bug) to a defect. */
export const storage = <A, R>(
  effect: Effect.Effect<A, SqlError | ParseResult.ParseError, R>
): Effect.Effect<A, Errors.StorageUnavailable, R> =>
  Effect.catchAll(effect, (error) =>
    error instanceof SqlError && isOutage(error) ? Effect.fail(unavailable(error)) : Effect.die(error)).pipe(outageDefects)
