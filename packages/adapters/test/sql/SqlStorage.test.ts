/** Every storage port contract against the SQL adapters on embedded PGlite, each suite in a fresh schema. */
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe } from "@effect/vitest"
import * as BufferedAllowanceCounter from "../../src/sql/stores/BufferedAllowanceCounter.js"
import * as Harness from "./Harness.js"
import { storageChecks } from "./StorageChecks.js"

const database = Harness.pglite()
const fresh = (title: string, register: (storage: ReturnType<ReturnType<typeof Harness.pgliteStorage>>) => void) =>
  describe(title, () => register(Harness.shared(Harness.pgliteStorage(database))))

describe("SQL storage on PGlite", () => {
  fresh("accounts", (storage) => Contracts.accountsContract("pglite", storage))
  fresh("bookmarks", (storage) => Contracts.bookmarksContract("pglite", storage))
  fresh("library search", (storage) => Contracts.librarySearchContract("pglite", storage))
  fresh("link health", (storage) => Contracts.linkHealthContract("pglite", storage))
  fresh("jobs", (storage) => Contracts.jobsContract("pglite", storage))
  fresh("imports", (storage) => Contracts.importsContract("pglite", storage))
  fresh("bulk runs", (storage) => Contracts.bulkRunsContract("pglite", storage))
  fresh("webhooks", (storage) => Contracts.webhooksContract("pglite", storage))
  fresh("lists", (storage) => Contracts.listsContract("pglite", storage))
  fresh("highlights", (storage) => Contracts.highlightsContract("pglite", storage))
  fresh("retag", (storage) => Contracts.retagContract("pglite", storage))
  fresh("editTags", (storage) => Contracts.editTagsContract("pglite", storage))
  fresh("tag counts", (storage) => Contracts.tagCountsContract("pglite", storage))
  fresh("secret links", (storage) => Contracts.secretLinksContract("pglite", storage))
  fresh("asset usage", (storage) => Contracts.assetUsageContract("pglite", storage))
  fresh("deliveries", (storage) => Contracts.deliveriesContract("pglite", storage))
  fresh("transactor", (storage) => Contracts.transactorContract("pglite", storage))
  fresh("assets", (storage) => Contracts.assetStoreContract("pglite", storage))
  fresh("allowance", (storage) => Contracts.allowanceCounterContract("pglite", storage, { effectClock: true }))
  describe("allowance, buffered (the embedded default)", () => {
    Contracts.allowanceCounterContract(
      "pglite buffered",
      Harness.shared(Harness.pgliteStorage(database, BufferedAllowanceCounter.layer())),
      { effectClock: true }
    )
  })
  fresh("users", (storage) => Contracts.usersContract("pglite", storage))
  fresh("sessions", (storage) => Contracts.sessionsContract("pglite", storage))
  fresh("sign-in attempts", (storage) => Contracts.signInAttemptsContract("pglite", storage))
  fresh("delivery log", (storage) => Contracts.deliveryLogContract("pglite", storage))
  fresh("checks", (storage) => storageChecks("pglite", storage))
})
