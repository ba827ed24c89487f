import {
  Bookmark,
  Bookmarks,
  type FetchedPage,
  getBookmark,
  IdGenerator,
  type ImportedBookmark,
  ImportId,
  Jobs,
  PageFetcher,
  registerWebhook
} from "@bookmark-library/domain"
import {
  FakeContentAnalyzer,
  FakePageExtractor,
  FakePageFetcher,
  FakePageRenderer,
  FakeWebhookSender,
  Fixtures,
  TestApp
} from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Layer, Option, Scope } from "effect"
import * as DeliveryRunner from "../src/DeliveryRunner.js"
import * as EnrichmentRunner from "../src/EnrichmentRunner.js"

const page = (url: string, title: string): FetchedPage =>
  FakePageFetcher.html(
    url,
    `<html><head><title>${title}</title></head><body><p>Gardening notes about tomatoes.</p></body></html>`
  )

const setup = () => {
  const fetcher = FakePageFetcher.make()
  const renderer = FakePageRenderer.make(false)
  const sender = FakeWebhookSender.make()
  sender.refusedHosts.clear()
  const layer = Layer.mergeAll(
    TestApp.layer(),
    fetcher.layer,
    renderer.layer,
    sender.layer,
    FakePageExtractor.layer,
    FakeContentAnalyzer.layer
  )
  return { fetcher, sender, layer }
}

describe("EnrichmentRunner", () => {
  it.live("processes saved bookmarks to ready and emits one delivery per webhook", () => {
    const { fetcher, layer, sender } = setup()
    return Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey()
      yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/a" })
      const acks = yield* Effect.forEach([1, 2, 3, 4, 5], (i) => {
        const url = `https://example.com/${i}`
        fetcher.script(url, page(url, `Page ${i}`))
        return Fixtures.save(principal, { url })
      })
      yield* Effect.forkScoped(EnrichmentRunner.run({ concurrency: 2, pollInterval: "50 millis" }))
      yield* Effect.forkScoped(DeliveryRunner.run({ concurrency: 4, pollInterval: "50 millis" }))
      // A bookmark's delivery is enqueued in the transaction that completes it: five sent means five ready.
      yield* sender.awaitSent(5)
      const titles = yield* Effect.forEach(
        acks,
        (a) => Effect.map(getBookmark(principal.account.id, a.id), (b) => [b.status, b.title])
      )
      expect(titles).toEqual([1, 2, 3, 4, 5].map((i) => ["ready", `Page ${i}`]))
      const ids = sender.sent.map((s) => JSON.parse(s.body).data.id)
      expect(new Set(ids)).toEqual(new Set(acks.map((a) => a.id)))
      expect(yield* Effect.flatMap(Jobs, (j) => j.pending)).toBe(0)
    }).pipe(Effect.scoped, Effect.provide(layer))
  })

  it.live("a save during an import's backlog is enriched at once: the import never takes the last free slot", () => {
    const { fetcher, layer, sender } = setup()
    return Effect.gen(function*() {
      const importStarted = yield* Deferred.make<void>()
      const importGate = yield* Deferred.make<void>()
      // Every import page hangs until the gate opens; the interactive page answers at once.
      const gated = Layer.succeed(
        PageFetcher,
        PageFetcher.of({
          fetch: (url) =>
            /^https:\/\/import\d+\.example\//.test(url)
              ? Effect.andThen(
                Deferred.succeed(importStarted, undefined),
                Effect.andThen(Deferred.await(importGate), fetcher.service.fetch(url))
              )
              : fetcher.service.fetch(url)
        })
      )
      yield* Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        // Every completion is announced (the import's too, events on): a delivery sent is a bookmark ready.
        yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/lanes" })
        const ids = yield* IdGenerator
        const bookmarks = yield* Bookmarks
        const jobs = yield* Jobs
        const importId = ImportId.make("imp_backlog")
        const items = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          (i) =>
            Effect.map(ids.make("bookmark"), (id): ImportedBookmark => ({
              id,
              accountId: principal.account.id,
              url: `https://import${i}.example/page`,
              source: "import",
              wantedAt: 1_000 + i,
              status: "processing",
              processingError: "",
              callerTags: [],
              note: "",
              derived: Bookmark.emptyDerived,
              overrides: {},
              pageText: ""
            }))
        )
        for (const item of items) fetcher.script(item.url, page(item.url, "Imported"))
        const batch = yield* bookmarks.insertImported(principal.account.id, items, "skip")
        yield* jobs.enqueueMany(
          yield* Effect.forEach(batch.inserted, (b) =>
            Effect.map(ids.make("job"), (id) => ({
              id,
              bookmarkId: b.id,
              runAt: 0,
              lane: "import" as const,
              host: new URL(b.url).host,
              events: true,
              importId
            })))
        )
        yield* Effect.forkScoped(EnrichmentRunner.run({ concurrency: 2, pollInterval: "50 millis" }))
        yield* Effect.forkScoped(DeliveryRunner.run({ concurrency: 4, pollInterval: "50 millis" }))
        yield* Deferred.await(importStarted)
        const url = "https://interactive.example.com/now"
        fetcher.script(url, page(url, "Saved now"))
        const ack = yield* Fixtures.save(principal, { url })
        // The first delivery can only be the save's: every import page still hangs.
        yield* sender.awaitSent(1)
        expect(JSON.parse(sender.sent[0]?.body ?? "{}").data.id).toBe(ack.id)
        expect((yield* getBookmark(principal.account.id, ack.id)).status).toBe("ready")
        // Ready while every import page still hangs: one import job in flight, none finished.
        const imported = yield* Effect.forEach(batch.inserted, (b) => getBookmark(principal.account.id, b.id))
        expect(imported.filter((b) => b.status === "ready")).toEqual([])
        expect(fetcher.calls.filter((u) => u.includes("import")).length).toBe(0)
        yield* Deferred.succeed(importGate, undefined)
        yield* sender.awaitSent(1 + batch.inserted.length)
        const finished = yield* Effect.forEach(batch.inserted, (b) => getBookmark(principal.account.id, b.id))
        expect(finished.every((b) => b.status === "ready")).toBe(true)
      }).pipe(Effect.provide(gated))
    }).pipe(Effect.scoped, Effect.provide(layer))
  })

  it.live("releases an in-flight job on shutdown without counting the attempt", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const started = yield* Deferred.make<void>()
      const blocking = Layer.succeed(
        PageFetcher,
        PageFetcher.of({
          fetch: () => Effect.andThen(Deferred.succeed(started, undefined), Effect.never)
        })
      )
      yield* Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(principal, { url: "https://example.com/slow" })
        const scope = yield* Scope.make()
        const fiber = yield* Effect.forkIn(EnrichmentRunner.run({ concurrency: 1, pollInterval: "50 millis" }), scope)
        yield* Deferred.await(started)
        yield* Scope.close(scope, Exit.void)
        yield* Fiber.await(fiber)
        const jobs = yield* Jobs
        const reclaimed = yield* jobs.claim({ now: Date.now(), lease: 1_000, max: 10 })
        expect(reclaimed.map((j) => [j.bookmarkId, j.attempts])).toEqual([[ack.id, 1]])
        const bookmark = yield* Effect.flatMap(Bookmarks, (b) => b.get(ack.id))
        expect(Option.map(bookmark, (b) => b.status)).toEqual(Option.some("processing"))
      }).pipe(Effect.provide(blocking))
    }).pipe(Effect.scoped, Effect.provide(layer))
  })
})
