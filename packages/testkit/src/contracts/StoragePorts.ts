/** The storage ports a SQL (or memory) adapter set provides together. */
import type { Accounts, AssetStore, Bookmarks, Deliveries, Imports, Jobs, Transactor, Webhooks } from "@bookmarks/domain"

export type StoragePorts = Accounts | Bookmarks | Jobs | Imports | Webhooks | Deliveries | AssetStore | Transactor
