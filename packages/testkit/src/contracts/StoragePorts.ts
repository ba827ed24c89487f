/** The storage ports one transaction spans; a SQL adapter set (or the memory twins) provides them together. */
import type { Accounts, Bookmarks, Deliveries, Jobs, Transactor, Webhooks } from "@bookmark-library/domain"

export type StoragePorts = Accounts | Bookmarks | Jobs | Webhooks | Deliveries | Transactor
