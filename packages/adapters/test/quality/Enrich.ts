/**
 * Runs quality pages through enrichment as the worker does: save, claim the job, `processJob` with the real
 * HTML extractor and local analyzer, a fetcher that serves the page's bytes and a renderer that returns the
 * document after its scripts ran. Storage is in memory; nothing leaves the process.
 */
import { HtmlPageExtractor, LocalContentAnalyzer } from "@bookmark-library/adapters"
import { getBookmark, Job, Jobs, processJob } from "@bookmark-library/domain"
import { FakePageFetcher, FakePageRenderer, Fixtures, TestApp } from "@bookmark-library/testkit"
import { Clock, Effect, Layer } from "effect"
import type { Page } from "./Page.js"

export interface Enriched {
  readonly page: Page
  readonly title: string
  readonly description: string
  readonly summary: string
  readonly tags: ReadonlyArray<string>
  readonly processingError: string
}

export const enrichAll = (pages: ReadonlyArray<Page>): Promise<ReadonlyArray<Enriched>> => {
  const fetcher = FakePageFetcher.make()
  const renderer = FakePageRenderer.make(true)
  for (const page of pages) {
    fetcher.script(page.url, FakePageFetcher.html(page.url, page.html))
    renderer.script(page.url, page.rendered ?? page.html)
  }
  const layer = Layer.mergeAll(
    TestApp.layer(),
    fetcher.layer,
    renderer.layer,
    HtmlPageExtractor.layer,
    LocalContentAnalyzer.layer
  )
  return Effect.runPromise(
    Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey("ultra")
      const saved = yield* Effect.forEach(
        pages,
        (page) => Effect.map(Fixtures.save(principal, { url: page.url }), (ack) => ({ page, id: ack.id }))
      )
      const jobs = yield* Jobs
      const claimed = yield* jobs.claim({ now: yield* Clock.currentTimeMillis, lease: Job.lease, max: pages.length })
      yield* Effect.forEach(claimed, processJob, { discard: true })
      return yield* Effect.forEach(
        saved,
        ({ id, page }) =>
          Effect.map(getBookmark(principal.account.id, id), (b): Enriched => ({
            page,
            title: b.title,
            description: b.description,
            summary: b.summary,
            tags: b.tags,
            processingError: b.processingError
          }))
      )
    }).pipe(Effect.provide(layer))
  )
}
