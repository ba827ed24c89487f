/** The whole domain over in-memory layers: storage ports, deterministic ids and the default policy. */
import { Policy } from "@bookmarks/domain"
import { Layer } from "effect"
import * as FakeImportReader from "./fakes/FakeImportReader.js"
import * as MemoryAccounts from "./memory/MemoryAccounts.js"
import * as MemoryAllowanceCounter from "./memory/MemoryAllowanceCounter.js"
import * as MemoryAssetStore from "./memory/MemoryAssetStore.js"
import * as MemoryBookmarks from "./memory/MemoryBookmarks.js"
import * as MemoryDeliveries from "./memory/MemoryDeliveries.js"
import * as MemoryIdGenerator from "./memory/MemoryIdGenerator.js"
import * as MemoryImports from "./memory/MemoryImports.js"
import * as MemoryJobs from "./memory/MemoryJobs.js"
import * as MemoryTransactor from "./memory/MemoryTransactor.js"
import * as MemoryWebhooks from "./memory/MemoryWebhooks.js"

/** Every storage port in memory (fresh state each time the layer is built). */
export const storage = Layer.mergeAll(
  MemoryAccounts.layer,
  MemoryBookmarks.layer,
  MemoryJobs.layer,
  MemoryImports.layer,
  MemoryAllowanceCounter.layer,
  MemoryAssetStore.layer(),
  MemoryTransactor.layer,
  Layer.provideMerge(MemoryDeliveries.layer, MemoryWebhooks.layer)
)

/** Storage, ids, policy and an import reader of our own export: what the request-side use cases need. */
export const layer = (policy: Partial<Policy.PolicyShape> = {}, seed?: number) =>
  Layer.mergeAll(storage, MemoryIdGenerator.layer(seed), Policy.layer(policy), FakeImportReader.layer)
