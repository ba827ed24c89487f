/** The Postgres client (`@effect/sql-pg`) with a LISTEN connection that turns notifications into wake-ups. */
import type * as SqlClient from "@effect/sql/SqlClient"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Errors } from "@bookmark-library/domain"
import { Duration, Effect, Layer, type Redacted, Schedule, Stream } from "effect"
import { unavailable } from "./SqlFailure.js"
import * as SqlNotifications from "./SqlNotifications.js"

export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Pool size per process; several API and worker processes share the server's connection limit. */
  readonly maxConnections?: number | undefined
  readonly connectTimeout?: Duration.DurationInput | undefined
  readonly applicationName?: string | undefined
}

export const defaultMaxConnections = 10

/**
 * One listening connection for the life of the layer; if it fails, it is re-established after a second.
 * Meanwhile waiters simply wake at their next poll.
 */
const notifications = Effect.gen(function*() {
  const pg = yield* PgClient.PgClient
  const signals = yield* SqlNotifications.makeSignals
  yield* pg.listen(SqlNotifications.channel).pipe(
    Stream.runForEach(signals.dispatch),
    Effect.tapErrorCause((cause) => Effect.logWarning("LISTEN connection failed; retrying", cause)),
    Effect.retry(Schedule.spaced("1 second")),
    Effect.forkScoped
  )
  return SqlNotifications.SqlNotifications.of({ next: signals.wait })
})

/** `SqlClient`, `PgClient` and `SqlNotifications` over a pool to `url`. */
export const layer = (options: PostgresOptions): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | SqlNotifications.SqlNotifications,
  Errors.StorageUnavailable
> => {
  const client = PgClient.layer({
    url: options.url,
    maxConnections: options.maxConnections ?? defaultMaxConnections,
    connectTimeout: options.connectTimeout ?? Duration.seconds(5),
    idleTimeout: Duration.seconds(30),
    applicationName: options.applicationName ?? "bookmarks"
  }).pipe(Layer.mapError(unavailable))
  return Layer.provideMerge(Layer.scoped(SqlNotifications.SqlNotifications, notifications), client)
}
