/** The storage ports one transaction spans; a SQL adapter set (or the memory twins) provides them together. */
import type {
  Accounts,
  AssetUsage,
  Bookmarks,
  BulkRuns,
  Deliveries,
  DeliveryLog,
  Highlights,
  Imports,
  Jobs,
  Lists,
  SecretLinks,
  Sessions,
  SignInAttempts,
  Transactor,
  Users,
  Webhooks
} from "@bookmark-library/domain"

export type StoragePorts =
  | Accounts
  | AssetUsage
  | Bookmarks
  | BulkRuns
  | Jobs
  | Lists
  | Highlights
  | SecretLinks
  | Imports
  | Webhooks
  | Deliveries
  | Users
  | Sessions
  | SignInAttempts
  | DeliveryLog
  | Transactor
