import { PageFetcher, WebhookSender } from "@bookmark-library/domain"
import { Context, Effect, Layer } from "effect"
import * as Contracts from "../src/contracts/index.js"
import * as FakeContentAnalyzer from "../src/fakes/FakeContentAnalyzer.js"
import * as FakePageFetcher from "../src/fakes/FakePageFetcher.js"
import * as FakePasswordHasher from "../src/fakes/FakePasswordHasher.js"
import * as FakeWebhookSender from "../src/fakes/FakeWebhookSender.js"
import * as MemoryAllowanceCounter from "../src/memory/MemoryAllowanceCounter.js"
import * as MemoryAssetStore from "../src/memory/MemoryAssetStore.js"
import * as MemoryIdGenerator from "../src/memory/MemoryIdGenerator.js"
import * as TestApp from "../src/TestApp.js"

const storage = TestApp.storage

Contracts.accountsContract("memory", storage)
Contracts.bookmarksContract("memory", storage)
Contracts.librarySearchContract("memory", storage)
Contracts.linkHealthContract("memory", storage)
Contracts.jobsContract("memory", storage)
Contracts.importsContract("memory", storage)
Contracts.bulkRunsContract("memory", storage)
Contracts.webhooksContract("memory", storage)
Contracts.listsContract("memory", storage)
Contracts.highlightsContract("memory", storage)
Contracts.retagContract("memory", storage)
Contracts.editTagsContract("memory", storage)
Contracts.tagCountsContract("memory", storage)
Contracts.secretLinksContract("memory", storage)
Contracts.assetUsageContract("memory", storage)
Contracts.deliveriesContract("memory", storage)
Contracts.transactorContract("memory", storage)
Contracts.allowanceCounterContract("memory", MemoryAllowanceCounter.layer, { effectClock: true })
Contracts.assetStoreContract("memory", MemoryAssetStore.layer)
Contracts.idGeneratorContract("memory", MemoryIdGenerator.layer())
Contracts.contentAnalyzerContract("fake", Layer.mergeAll(FakeContentAnalyzer.layer))
Contracts.usersContract("memory", storage)
Contracts.sessionsContract("memory", storage)
Contracts.signInAttemptsContract("memory", storage)
Contracts.deliveryLogContract("memory", storage)
Contracts.passwordHasherContract("fake", FakePasswordHasher.layer)

/** The fake sender with endpoints it scripts itself; nothing leaves the process. */
const fakeSender = Layer.effectContext(Effect.sync(() => {
  const fake = FakeWebhookSender.make()
  let next = 0
  const endpoints = Contracts.WebhookEndpoints.of({
    endpoint: (reply) =>
      Effect.sync(() => {
        const url = `https://endpoint-${next++}.hooks.example.com/in`
        fake.endpoint(
          url,
          reply.hang === true ? { hang: true } : {
            status: reply.status,
            ...(reply.headers ? { headers: reply.headers } : {}),
            ...(reply.body === undefined ? {} : { body: reply.body })
          }
        )
        return {
          url,
          received: Effect.sync(() =>
            fake.sent.filter((s) => s.url === url).map((s) => ({
              method: "POST",
              body: s.body,
              headers: Object.fromEntries(Object.entries(s.headers).map(([k, v]) => [k.toLowerCase(), v]))
            }))
          )
        }
      }),
    unreachable: Effect.sync(() => {
      const url = `https://nobody-${next++}.hooks.example.com/in`
      fake.endpoint(url, { unreachable: true })
      return url
    })
  })
  return Context.make(WebhookSender, fake.service).pipe(Context.add(Contracts.WebhookEndpoints, endpoints))
}))

Contracts.webhookSenderContract("fake", fakeSender)

/** The fake fetcher serving a site it scripts itself, with a small size cap. */
const fakeFetcher = Layer.effectContext(Effect.sync(() => {
  const maxBytes = 4_096
  const fake = FakePageFetcher.make({ maxBytes })
  let next = 0
  const site = Contracts.PageSite.of({
    page: (response) =>
      Effect.sync(() => {
        const url = `https://site.example.com/page-${next++}`
        const { hang, ...answer } = response
        fake.serve(url, hang === true ? { hang: true } : answer)
        return url
      }),
    unreachable: Effect.sync(() => {
      const url = `https://nobody-${next++}.example.com/`
      fake.serve(url, { unreachable: true })
      return url
    }),
    maxBytes
  })
  return Context.make(PageFetcher, fake.service).pipe(Context.add(Contracts.PageSite, site))
}))

Contracts.pageFetcherContract("fake", fakeFetcher)
