/** Every storage port over one SQL client, plus the two ready-made set-ups: embedded PGlite and Postgres. */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type Accounts,
  type AllowanceCounter,
  type AssetStore,
  type Bookmarks,
  type Deliveries,
  Errors,
  type Imports,
  type Jobs,
  type Transactor,
  type Webhooks
} from "@bookmarks/domain"
import { Effect, Layer, type Redacted } from "effect"
import * as Migrations from "./Migrations.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PostgresClient from "./PostgresClient.js"
import * as SqlAccounts from "./SqlAccounts.js"
import * as SqlAllowanceCounter from "./SqlAllowanceCounter.js"
import * as SqlAssetStore from "./SqlAssetStore.js"
import * as SqlBookmarks from "./SqlBookmarks.js"
import * as SqlDeliveries from "./SqlDeliveries.js"
import * as SqlImports from "./SqlImports.js"
import { storage } from "./SqlFailure.js"
import * as SqlJobs from "./SqlJobs.js"
import type { SqlNotifications } from "./SqlNotifications.js"
import * as SqlTransactor from "./SqlTransactor.js"
import * as SqlWebhooks from "./SqlWebhooks.js"

export type Ports = Accounts | Bookmarks | Jobs | Imports | Webhooks | Deliveries | AssetStore | Transactor | AllowanceCounter

/** The ports over an existing client (migrations are the caller's: see `Migrations.layer`). */
export const layer = (options: {
  readonly publicUrl: string
}): Layer.Layer<Ports, never, SqlClient.SqlClient | SqlNotifications> =>
  Layer.mergeAll(
    SqlAccounts.layer,
    SqlBookmarks.layer,
    SqlJobs.layer,
    SqlImports.layer,
    SqlWebhooks.layer,
    SqlDeliveries.layer,
    SqlAssetStore.layer(options.publicUrl),
    SqlTransactor.layer,
    SqlAllowanceCounter.layer
  )

/** Ports over a client once its migrations ran; the client stays available (health checks, tools). */
const migrated = <ROut>(
  client: Layer.Layer<ROut | SqlClient.SqlClient | SqlNotifications, Errors.StorageUnavailable>,
  publicUrl: string
) => Layer.provideMerge(layer({ publicUrl }), Layer.provideMerge(Migrations.layer, client))

/** Embedded mode: PGlite in `dataDir` (in memory when absent), migrated, with every port. */
export const embedded = (options: { readonly dataDir?: string | undefined; readonly publicUrl: string }) =>
  migrated(PgliteClient.layer({ dataDir: options.dataDir }), options.publicUrl)

/** Scaled mode: a Postgres pool to `url`, migrated, with every port. */
export const postgres = (options: {
  readonly url: Redacted.Redacted
  readonly publicUrl: string
  readonly maxConnections?: number | undefined
}) => migrated(PostgresClient.layer({ url: options.url, maxConnections: options.maxConnections }), options.publicUrl)

/** Health: the database answers a trivial query. */
export const ping: Effect.Effect<void, Errors.StorageUnavailable, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => storage(sql`SELECT 1`)
).pipe(Effect.asVoid, Effect.withSpan("SqlStorage.ping"))
