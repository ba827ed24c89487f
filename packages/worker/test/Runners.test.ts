import { Bookmarks, type FetchedPage, getBookmark, Jobs, PageFetcher, registerWebhook } from "@bookmark-library/domain"
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
  FakePageFetcher.html(url, `<html><head><title>${title}</title></head><body><p>Gardening notes about tomatoes.</p></body></html>`)

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
      const titles = yield* Effect.forEach(acks, (a) => Effect.map(getBookmark(principal.account.id, a.id), (b) => [b.status, b.title]))
      expect(titles).toEqual([1, 2, 3, 4, 5].map((i) => ["ready", `Page ${i}`]))
      const ids = sender.sent.map((s) => JSON.parse(s.body).data.id)
      expect(new Set(ids)).toEqual(new Set(acks.map((a) => a.id)))
      expect(yield* Effect.flatMap(Jobs, (j) => j.pending)).toBe(0)
    }).pipe(Effect.scoped, Effect.provide(layer))
  })

  it.live("releases an in-flight job on shutdown without counting the attempt", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const started = yield* Deferred.make<void>()
      const blocking = Layer.succeed(PageFetcher, PageFetcher.of({
        fetch: () => Effect.zipRight(Deferred.succeed(started, undefined), Effect.never)
      }))
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
