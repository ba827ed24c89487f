/**
 * The link-health lane never delays a save: with one enrichment slot and a link check that hangs forever, a save is
 * still enriched at once (docs/preservation.md, "Link health").
 */
import { Bookmark, Bookmarks, getBookmark, IdGenerator, LinkProbe } from "@bookmark-library/domain"
import {
  FakeContentAnalyzer,
  FakePageExtractor,
  FakePageFetcher,
  FakePageRenderer,
  Fixtures,
  TestApp
} from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer, Ref, Schedule } from "effect"
import * as EnrichmentRunner from "../src/EnrichmentRunner.js"
import * as LinkCheckRunner from "../src/LinkCheckRunner.js"

const week = 7 * 24 * 60 * 60 * 1000

describe("LinkCheckRunner", () => {
  it.live("a save is enriched at once while a link check hangs, even with one enrichment slot", () => {
    const fetcher = FakePageFetcher.make()
    return Effect.gen(function*() {
      const probing = yield* Deferred.make<string>()
      const probes = yield* Ref.make(0)
      const hanging = Layer.succeed(
        LinkProbe,
        LinkProbe.of({
          probe: (url) =>
            Ref.update(probes, (n) => n + 1).pipe(
              Effect.andThen(Deferred.succeed(probing, url)),
              Effect.andThen(Effect.never)
            )
        })
      )
      yield* Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const bookmarks = yield* Bookmarks
        // A bookmark saved more than a week ago and enriched: due for its first check.
        const old = yield* bookmarks.insert({
          id: yield* Effect.flatMap(IdGenerator, (ids) => ids.make("bookmark")),
          accountId: principal.account.id,
          url: "https://old.example/",
          source: "api",
          now: Date.now() - week - 60_000,
          status: "processing",
          processingError: "",
          callerTags: [],
          note: "",
          derived: Bookmark.emptyDerived,
          overrides: {},
          pageText: ""
        })
        yield* bookmarks.complete(old.id, { derived: Bookmark.emptyDerived, processingError: "", pageText: "" })
        yield* Effect.forkScoped(LinkCheckRunner.run({ firstAfter: 0, every: "10 millis", interval: week }))
        expect(yield* Deferred.await(probing)).toBe("https://old.example/")

        yield* Effect.forkScoped(EnrichmentRunner.run({ concurrency: 1, pollInterval: "20 millis" }))
        const url = "https://new.example/page"
        fetcher.script(url, FakePageFetcher.html(url, "<html><head><title>Fresh</title></head><body>x</body></html>"))
        const ack = yield* Fixtures.save(principal, { url })
        const started = Date.now()
        const ready = yield* getBookmark(principal.account.id, ack.id).pipe(
          Effect.repeat({ until: (b) => b.status === "ready", schedule: Schedule.spaced("20 millis") }),
          Effect.timeout("5 seconds")
        )
        expect(ready.title).toBe("Fresh")
        expect(Date.now() - started).toBeLessThan(5_000)
        // The check is still hanging, and it was the only one: the lane holds no slot and asks nothing twice.
        expect(yield* Ref.get(probes)).toBe(1)
      }).pipe(Effect.provide(hanging))
    }).pipe(
      Effect.scoped,
      Effect.provide(Layer.mergeAll(
        TestApp.layer(),
        fetcher.layer,
        FakePageRenderer.make(false).layer,
        FakePageExtractor.layer,
        FakeContentAnalyzer.layer
      ))
    )
  })
})
