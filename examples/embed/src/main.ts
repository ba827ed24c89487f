/**
 * A host that embeds the bookmark library without its HTTP server: the domain's use cases over the in-memory ports
 * of the testkit, the library's HTML extractor and text analyzer, and adapters of its own (a PageFetcher for its own
 * sites, no screenshots, its own asset links). It saves two bookmarks, enriches them and lists the library.
 */
import { CryptoIdGenerator, HtmlPageExtractor, LocalContentAnalyzer } from "@bookmark-library/adapters"
import {
  createAccount,
  Job,
  Jobs,
  Links,
  listBookmarks,
  PageRenderer,
  processJob,
  RenderFailed,
  saveBookmark,
  Settings
} from "@bookmark-library/domain"
import { TestApp } from "@bookmark-library/testkit"
import { Clock, Effect, Layer } from "effect"
import * as LocalSite from "./LocalSite.js"
import * as LocalSiteFetcher from "./LocalSiteFetcher.js"

/** This host renders no screenshots. */
const noScreenshots = Layer.succeed(
  PageRenderer,
  PageRenderer.of({
    available: false,
    render: () => Effect.fail(new RenderFailed({ reason: "this host has no browser" }))
  })
)

/** Where this host would serve assets (none here, without screenshots). */
const hostLinks = Layer.succeed(
  Links.Links,
  Links.Links.of({ asset: (id) => `https://intranet.example/bookmark-assets/${id}` })
)

/** Every port the use cases need, chosen by this host. */
const ports = (siteOrigin: string) =>
  Layer.mergeAll(
    TestApp.storage,
    CryptoIdGenerator.layer,
    Settings.layer(),
    HtmlPageExtractor.layer,
    LocalContentAnalyzer.layer,
    noScreenshots,
    hostLinks,
    LocalSiteFetcher.layer([siteOrigin])
  )

/** What a worker process does in the service: claim the enrichment jobs that are due and process them. */
const enrichDue = Effect.gen(function*() {
  const jobs = yield* Jobs
  const claimed = yield* jobs.claim({ now: yield* Clock.currentTimeMillis, lease: Job.lease, max: 10 })
  return yield* Effect.forEach(claimed, processJob)
})

const program = Effect.gen(function*() {
  const site = yield* LocalSite.start
  return yield* Effect.gen(function*() {
    const account = yield* createAccount("free")
    yield* saveBookmark(account.id, { url: `${site.origin}/tea`, tags: ["kitchen"] }, "api")
    yield* saveBookmark(account.id, { url: `${site.origin}/bread`, note: "try this weekend" }, "api")
    const outcomes = yield* enrichDue
    const page = yield* listBookmarks(account.id, {})
    for (const bookmark of page.bookmarks) {
      console.log(`${bookmark.status}  ${bookmark.title}  [${bookmark.tags.join(", ")}]  ${bookmark.url}`)
    }
    const ready = page.bookmarks.filter((b) => b.status === "ready" && b.title !== "")
    if (outcomes.length !== 2 || ready.length !== 2) throw new Error("the bookmarks were not enriched")
    const found = yield* listBookmarks(account.id, { q: "sourdough" })
    console.log(`search "sourdough": ${found.bookmarks.map((b) => b.title).join(", ")}`)
  }).pipe(Effect.provide(ports(site.origin)))
})

Effect.runPromise(Effect.scoped(program)).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
