/** The storage ports a SQL (or memory) adapter set provides together. */
import type { Accounts, AssetStore, Bookmarks, Deliveries, Jobs, Transactor, Webhooks } from "@bookmarks/domain"

export type StoragePorts = Accounts | Bookmarks | Jobs | Webhooks | Deliveries | AssetStore | Transactor
