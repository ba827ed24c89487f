/** Every storage port contract against the SQL adapters on Postgres, each suite in a fresh schema. */
import { External } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe } from "@effect/vitest"
import * as Harness from "./Harness.js"
import { storageChecks } from "./StorageChecks.js"

const database = External.needs("TEST_DATABASE_URL")

describe.runIf(database.run)("SQL storage on Postgres", () => {
  const fresh = (title: string, register: (storage: ReturnType<ReturnType<typeof Harness.postgresStorage>>) => void) =>
    describe(title, () => register(Harness.shared(Harness.postgresStorage(database.value))))
  fresh("accounts", (storage) => Contracts.accountsContract("postgres", storage))
  fresh("bookmarks", (storage) => Contracts.bookmarksContract("postgres", storage))
  fresh("library search", (storage) => Contracts.librarySearchContract("postgres", storage))
  fresh("link health", (storage) => Contracts.linkHealthContract("postgres", storage))
  fresh("jobs", (storage) => Contracts.jobsContract("postgres", storage))
  fresh("imports", (storage) => Contracts.importsContract("postgres", storage))
  fresh("bulk runs", (storage) => Contracts.bulkRunsContract("postgres", storage))
  fresh("webhooks", (storage) => Contracts.webhooksContract("postgres", storage))
  fresh("lists", (storage) => Contracts.listsContract("postgres", storage))
  fresh("highlights", (storage) => Contracts.highlightsContract("postgres", storage))
  fresh("retag", (storage) => Contracts.retagContract("postgres", storage))
  fresh("editTags", (storage) => Contracts.editTagsContract("postgres", storage))
  fresh("tag counts", (storage) => Contracts.tagCountsContract("postgres", storage))
  fresh("secret links", (storage) => Contracts.secretLinksContract("postgres", storage))
  fresh("asset usage", (storage) => Contracts.assetUsageContract("postgres", storage))
  fresh("deliveries", (storage) => Contracts.deliveriesContract("postgres", storage))
  fresh("transactor", (storage) => Contracts.transactorContract("postgres", storage))
  fresh("assets", (storage) => Contracts.assetStoreContract("postgres", storage))
  fresh("allowance", (storage) => Contracts.allowanceCounterContract("postgres", storage, { effectClock: true }))
  fresh("users", (storage) => Contracts.usersContract("postgres", storage))
  fresh("sessions", (storage) => Contracts.sessionsContract("postgres", storage))
  fresh("sign-in attempts", (storage) => Contracts.signInAttemptsContract("postgres", storage))
  fresh("delivery log", (storage) => Contracts.deliveryLogContract("postgres", storage))
  fresh("checks", (storage) => storageChecks("postgres", storage))
})
