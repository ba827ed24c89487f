/** The whole domain over in-memory layers: storage ports, deterministic ids, the default settings and links. */
import { type Links, Settings } from "@bookmark-library/domain"
import { Layer } from "effect"
import * as FakeImportReader from "../fakes/FakeImportReader.js"
import * as FakeLinks from "../fakes/FakeLinks.js"
import * as FakePasswordHasher from "../fakes/FakePasswordHasher.js"
import * as FakeZipWriter from "../fakes/FakeZipWriter.js"
import * as MemoryAccounts from "../memory/MemoryAccounts.js"
import * as MemoryAllowanceCounter from "../memory/MemoryAllowanceCounter.js"
import * as MemoryAssetStore from "../memory/MemoryAssetStore.js"
import * as MemoryAssetUsage from "../memory/MemoryAssetUsage.js"
import * as MemoryBookmarks from "../memory/MemoryBookmarks.js"
import * as MemoryBulkRuns from "../memory/MemoryBulkRuns.js"
import * as MemoryDeliveries from "../memory/MemoryDeliveries.js"
import * as MemoryDeliveryLog from "../memory/MemoryDeliveryLog.js"
import * as MemoryHighlights from "../memory/MemoryHighlights.js"
import * as MemoryIdGenerator from "../memory/MemoryIdGenerator.js"
import * as MemoryImports from "../memory/MemoryImports.js"
import * as MemoryJobs from "../memory/MemoryJobs.js"
import * as MemoryLists from "../memory/MemoryLists.js"
import * as MemoryOAuthStore from "../memory/MemoryOAuthStore.js"
import * as MemorySecretLinks from "../memory/MemorySecretLinks.js"
import * as MemorySessions from "../memory/MemorySessions.js"
import * as MemorySignInAttempts from "../memory/MemorySignInAttempts.js"
import * as MemoryTransactor from "../memory/MemoryTransactor.js"
import * as MemoryUsers from "../memory/MemoryUsers.js"
import * as MemoryWebhooks from "../memory/MemoryWebhooks.js"

/** Every storage port in memory (fresh state each time the layer is built). */
export const storage = Layer.mergeAll(
  MemoryDeliveryLog.layer,
  MemorySignInAttempts.layer,
  Layer.provideMerge(
    Layer.merge(MemorySessions.layer, MemoryOAuthStore.layer),
    Layer.merge(MemoryUsers.layer, MemoryAccounts.layer)
  ),
  Layer.provideMerge(
    Layer.mergeAll(MemoryJobs.layer, MemoryLists.layer, MemoryHighlights.layer),
    MemoryBookmarks.layer
  ),
  MemoryImports.layer,
  MemoryBulkRuns.layer,
  MemorySecretLinks.layer,
  MemoryAllowanceCounter.layer,
  MemoryAssetStore.layer,
  MemoryAssetUsage.layer,
  MemoryTransactor.layer,
  Layer.provideMerge(MemoryDeliveries.layer, MemoryWebhooks.layer)
)

/**
 * Storage, ids, a fast password hasher, settings, links and an import reader of our own export: what the request-side
 * use cases need. `links` defaults to the fake over `FakeLinks.defaultPublicUrl`; a test of the HTTP layer passes
 * the real one.
 */
export const layer = (
  settings: Partial<Settings.SettingsShape> = {},
  seed?: number,
  links: Layer.Layer<Links.Links> = FakeLinks.layer()
) =>
  Layer.mergeAll(
    storage,
    MemoryIdGenerator.layer(seed),
    FakePasswordHasher.layer,
    Settings.layer(settings),
    links,
    FakeImportReader.layer,
    FakeZipWriter.layer
  )
