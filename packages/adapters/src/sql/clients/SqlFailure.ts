/** The adapter edge: outages become `StorageUnavailable`, broken SQL or rows become defects. */
import { Errors } from "@bookmark-library/domain"
import { Cause, Effect, Predicate, type Schema } from "effect"
import { isSqlError, type SqlError } from "effect/sql/SqlError"

/**
 * SQLSTATE classes that mean "not now" rather than "never": connection (08), resources (53),
 * operator intervention (57), transaction rollback (40: serialization failure, deadlock), lock not available.
 */
const transient = (code: string): boolean => ["08", "53", "57", "40"].includes(code.slice(0, 2)) || code === "55P03"

const sqlState = (cause: unknown): string | undefined =>
  Predicate.hasProperty(cause, "code") && typeof cause.code === "string" && /^[0-9A-Z]{5}$/.test(cause.code)
    ? cause.code
    : undefined

const describe = (cause: unknown): string =>
  cause instanceof Error ? cause.message : Predicate.isString(cause) ? cause : "unknown cause"

/**
 * Whether a SQL error is an outage: the connection failed (the driver's `ConnectionError`: refused, lost, timed
 * out; PGlite closed), or the server said "not now". The driver's own error, with its SQLSTATE, is the cause of the
 * error's reason. Anything else (the server refusing the SQL, a value the driver cannot encode or decode) is a bug.
 */
export const isOutage = (error: SqlError): boolean => {
  if (error.reason._tag === "ConnectionError") return true
  const code = sqlState(error.reason.cause)
  return code !== undefined && transient(code)
}

export const unavailable = (error: SqlError): Errors.StorageUnavailable =>
  new Errors.StorageUnavailable({ reason: `${error.message}: ${describe(error.reason.cause)}` })

/** The first defect of `cause` that is a SQL outage. */
const outageDefect = <E>(cause: Cause.Cause<E>): SqlError | undefined => {
  for (const reason of cause.reasons) {
    if (Cause.isDieReason(reason) && isSqlError(reason.defect) && isOutage(reason.defect)) return reason.defect
  }
  return undefined
}

/**
 * A transaction's ROLLBACK failing is a defect in `effect/sql` (`withTransaction` dies with it); when the connection
 * is what failed (the database went away mid-transaction), it is an outage like any other.
 */
export const outageDefects = <A, E, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E | Errors.StorageUnavailable, R> =>
  Effect.catchCause(effect, (cause): Effect.Effect<never, E | Errors.StorageUnavailable> => {
    const outage = outageDefect(cause)
    return outage === undefined ? Effect.failCause(cause) : Effect.fail(unavailable(outage))
  })

/** Maps a statement's failure: outages to `StorageUnavailable`, anything else (a bug) to a defect. */
export const storage = <A, R>(
  effect: Effect.Effect<A, SqlError | Schema.SchemaError, R>
): Effect.Effect<A, Errors.StorageUnavailable, R> =>
  Effect.catch(
    effect,
    (error) => isSqlError(error) && isOutage(error) ? Effect.fail(unavailable(error)) : Effect.die(error)
  ).pipe(outageDefects)
