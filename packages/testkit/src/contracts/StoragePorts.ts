/** The storage ports one transaction spans; a SQL adapter set (or the memory twins) provides them together. */
import type {
  Accounts,
  Bookmarks,
  Deliveries,
  DeliveryLog,
  Imports,
  Jobs,
  Sessions,
  SignInAttempts,
  Transactor,
  Users,
  Webhooks
} from "@bookmark-library/domain"

export type StoragePorts =
  | Accounts
  | Bookmarks
  | Jobs
  | Imports
  | Webhooks
  | Deliveries
  | Users
  | Sessions
  | SignInAttempts
  | DeliveryLog
  | Transactor
