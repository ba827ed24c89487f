/**
 * The SQL storage ports over one SQL client, plus the two ready-made set-ups: embedded PGlite and Postgres.
 * Only the ports that must share the client's transactions are here; the asset store and the allowance counter
 * have SQL adapters too (`SqlAssetStore`, `SqlAllowanceCounter`), but the composition root picks them by name.
 */
import type {
  Accounts,
  AssetUsage,
  Bookmarks,
  BulkRuns,
  Deliveries,
  DeliveryLog,
  Errors,
  Highlights,
  Imports,
  Jobs,
  Lists,
  OAuthStore,
  SecretLinks,
  Sessions,
  SignInAttempts,
  Transactor,
  Users,
  Webhooks
} from "@bookmark-library/domain"
import { Effect, Layer, type Redacted } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PgliteClient from "./clients/PgliteClient.js"
import * as PostgresClient from "./clients/PostgresClient.js"
import { storage } from "./clients/SqlFailure.js"
import type { SqlNotifications } from "./clients/SqlNotifications.js"
import * as SqlTransactor from "./clients/SqlTransactor.js"
import * as Migrations from "./schema/Migrations.js"
import * as SqlAccounts from "./stores/SqlAccounts.js"
import * as SqlAssetUsage from "./stores/SqlAssetUsage.js"
import * as SqlBookmarks from "./stores/SqlBookmarks.js"
import * as SqlBulkRuns from "./stores/SqlBulkRuns.js"
import * as SqlDeliveries from "./stores/SqlDeliveries.js"
import * as SqlDeliveryLog from "./stores/SqlDeliveryLog.js"
import * as SqlHighlights from "./stores/SqlHighlights.js"
import * as SqlImports from "./stores/SqlImports.js"
import * as SqlJobs from "./stores/SqlJobs.js"
import * as SqlLists from "./stores/SqlLists.js"
import * as SqlOAuthStore from "./stores/SqlOAuthStore.js"
import * as SqlSecretLinks from "./stores/SqlSecretLinks.js"
import * as SqlSessions from "./stores/SqlSessions.js"
import * as SqlSignInAttempts from "./stores/SqlSignInAttempts.js"
import * as SqlUsers from "./stores/SqlUsers.js"
import * as SqlWebhooks from "./stores/SqlWebhooks.js"

export type Ports =
  | Accounts
  | Bookmarks
  | BulkRuns
  | Jobs
  | Imports
  | Webhooks
  | Deliveries
  | Transactor
  | Users
  | Sessions
  | SignInAttempts
  | DeliveryLog
  | Lists
  | SecretLinks
  | OAuthStore
  | AssetUsage
  | Highlights

/** The ports over an existing client (migrations are the caller's: see `Migrations.layer`). */
export const layer: Layer.Layer<Ports, never, SqlClient.SqlClient | SqlNotifications> = Layer.mergeAll(
  SqlAccounts.layer,
  SqlBookmarks.layer,
  SqlBulkRuns.layer,
  SqlJobs.layer,
  SqlImports.layer,
  SqlWebhooks.layer,
  SqlDeliveries.layer,
  SqlTransactor.layer,
  SqlUsers.layer,
  SqlSessions.layer,
  SqlSignInAttempts.layer,
  SqlDeliveryLog.layer,
  SqlLists.layer,
  SqlSecretLinks.layer,
  SqlOAuthStore.layer,
  SqlAssetUsage.layer,
  SqlHighlights.layer
)

/** Ports over a client once its migrations ran; the client stays available (health checks, the other SQL adapters). */
const migrated = <ROut>(
  client: Layer.Layer<ROut | SqlClient.SqlClient | SqlNotifications, Errors.StorageUnavailable>
) => Layer.provideMerge(layer, Layer.provideMerge(Migrations.layer, client))

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
