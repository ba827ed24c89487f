/**
 * The SQL storage ports over one SQL client, plus the two ready-made set-ups: embedded PGlite and Postgres.
 * Only the ports that must share the client's transactions are here; the asset store and the allowance counter
 * have SQL adapters too (`SqlAssetStore`, `SqlAllowanceCounter`), but the composition root picks them by name.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type Accounts,
  type Bookmarks,
  type Deliveries,
  type DeliveryLog,
  Errors,
  type Imports,
  type Jobs,
  type Sessions,
  type SignInAttempts,
  type Transactor,
  type Users,
  type Webhooks
} from "@bookmark-library/domain"
import { Effect, Layer, type Redacted } from "effect"
import * as Migrations from "./Migrations.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PostgresClient from "./PostgresClient.js"
import * as SqlAccounts from "./SqlAccounts.js"
import * as SqlBookmarks from "./SqlBookmarks.js"
import * as SqlDeliveries from "./SqlDeliveries.js"
import * as SqlDeliveryLog from "./SqlDeliveryLog.js"
import * as SqlImports from "./SqlImports.js"
import { storage } from "./SqlFailure.js"
import * as SqlJobs from "./SqlJobs.js"
import type { SqlNotifications } from "./SqlNotifications.js"
import * as SqlSessions from "./SqlSessions.js"
import * as SqlSignInAttempts from "./SqlSignInAttempts.js"
import * as SqlTransactor from "./SqlTransactor.js"
import * as SqlUsers from "./SqlUsers.js"
import * as SqlWebhooks from "./SqlWebhooks.js"

export type Ports =
  | Accounts
  | Bookmarks
  | Jobs
  | Imports
  | Webhooks
  | Deliveries
  | Transactor
  | Users
  | Sessions
  | SignInAttempts
  | DeliveryLog

/** The ports over an existing client (migrations are the caller's: see `Migrations.layer`). */
export const layer: Layer.Layer<Ports, never, SqlClient.SqlClient | SqlNotifications> = Layer.mergeAll(
  SqlAccounts.layer,
  SqlBookmarks.layer,
  SqlJobs.layer,
  SqlImports.layer,
  SqlWebhooks.layer,
  SqlDeliveries.layer,
  SqlTransactor.layer,
  SqlUsers.layer,
  SqlSessions.layer,
  SqlSignInAttempts.layer,
  SqlDeliveryLog.layer
)

/** Ports over a client once its migrations ran; the client stays available (health checks, the other SQL adapters). */
const migrated = <ROut>(client: Layer.Layer<ROut | SqlClient.SqlClient | SqlNotifications, Errors.StorageUnavailable>) =>
  Layer.provideMerge(layer, Layer.provideMerge(Migrations.layer, client))

/** Embedded mode: PGlite in `dataDir` (in memory when absent), migrated. */
export const embedded = (options: { readonly dataDir?: string | undefined }) =>
  migrated(PgliteClient.layer({ dataDir: options.dataDir }))

/** Scaled mode: a Postgres pool to `url`, migrated. */
export const postgres = (options: { readonly url: Redacted.Redacted; readonly maxConnections?: number | undefined }) =>
  migrated(PostgresClient.layer({ url: options.url, maxConnections: options.maxConnections }))

/** Health: the database answers a trivial query. */
export const ping: Effect.Effect<void, Errors.StorageUnavailable, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => storage(sql`SELECT 1`)
).pipe(Effect.asVoid, Effect.withSpan("SqlStorage.ping"))
