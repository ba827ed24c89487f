/**
 * The vacuum half of what autovacuum does on PostgreSQL, for PGlite, which runs Postgres in single-user mode where no
 * autovacuum worker exists (docs/decisions.md, "Embedded allowance counter and embedded reads", "Maintenance").
 * Without it a long-running embedded server degrades: dead rows of updated bookmarks, jobs and counters pile up and
 * the full-text index's pending list grows, so a search costs more CPU every hour until a restart. No ANALYZE: column
 * statistics were tried and turned the search's GIN index scan into a scan of the account's rows (same page, "Planner
 * statistics").
 */
import { Duration, Effect, Schedule } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"

/**
 * The GIN pending list is merged into the index by VACUUM or once it exceeds this size. Postgres's 4 MB default
 * lets every search scan up to 4 MB of unsorted entries between merges; 128 kB keeps that scan short and each merge
 * small. A start parameter, so it holds for the one session PGlite has.
 */
export const startParams = ["-c", "gin_pending_list_limit=128kB"] as const

/** How often the embedded database is vacuumed. */
export const defaultInterval = Duration.minutes(1)

/** One pass: dead rows reclaimed, the pending lists merged, the tables' row counts (not their columns) refreshed. */
export const vacuum = (sql: SqlClient.SqlClient) =>
  sql`VACUUM`.pipe(Effect.asVoid, Effect.withSpan("PgliteMaintenance.vacuum"))

/**
 * `vacuum` every `interval`, for as long as the enclosing scope lasts. It takes the connection like any statement,
 * so it waits for a transaction in progress; a failed pass is logged and the next one runs on time.
 */
export const every = (sql: SqlClient.SqlClient, interval: Duration.Input) =>
  vacuum(sql).pipe(
    Effect.catchCause((cause) => Effect.logWarning("embedded database maintenance failed", cause)),
    Effect.delay(interval),
    Effect.repeat(Schedule.forever),
    Effect.forkScoped,
    Effect.asVoid
  )
