/**
 * Use case: enrich one bookmark (fetch, extract, render, analyse) and complete it. Each step is isolated:
 * a failed screenshot or analysis keeps the metadata; a timeout keeps what was derived before it.
 */
import { Clock, Duration, Effect, Option, Ref } from "effect"
import * as Bookmark from "../Bookmark.js"
import type { Job } from "../Job.js"
import * as JobRules from "../Job.js"
import { AssetId } from "../Ids.js"
import { AssetStore } from "../ports/AssetStore.js"
import { Bookmarks } from "../ports/Bookmarks.js"
import { ContentAnalyzer } from "../ports/ContentAnalyzer.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { PageExtractor, type Extracted } from "../ports/PageExtractor.js"
import { type FetchedPage, PageFetcher, type FetchFailed } from "../ports/PageFetcher.js"
import { PageRenderer } from "../ports/PageRenderer.js"
import { Jobs } from "../ports/Jobs.js"
import { Policy } from "../Policy.js"
import { toHex } from "../Sha256.js"
import { completeBookmark } from "./CompleteBookmark.js"

/** What enrichment has found so far. */
interface Progress {
  readonly derived: Bookmark.Derived
  readonly pageText: string
  readonly error: string
  /** Worth another attempt (timeouts, DNS, connection, 5xx, 429). */
  readonly transient: boolean
}

const fetchReason = (e: FetchFailed): string => {
  switch (e.reason) {
    case "blocked": return "blocked by address policy"
    case "timeout": return "timeout"
    case "dns": return "DNS lookup failed"
    case "connection": return "connection failed"
    case "redirects": return "too many redirects"
    case "invalid": return `invalid URL: ${e.detail}`
    case "body": return "undecodable response body"
  }
}

const isHtml = (type: Bookmark.Derived["type"]) => type === "website" || type === "article"

const takeExtracted = (derived: Bookmark.Derived, e: Extracted): Bookmark.Derived => ({
  ...derived,
  type: e.type,
  title: e.title || derived.title,
  description: e.description || derived.description,
  image: e.image || derived.image,
  favicon: e.favicon || derived.favicon
})

/** Runs the steps, recording progress so a timeout loses nothing already derived. */
const enrich = (record: Bookmark.Record, progress: Ref.Ref<Progress>) =>
  Effect.gen(function*() {
    const fetcher = yield* PageFetcher
    const extractor = yield* PageExtractor
    const renderer = yield* PageRenderer
    const analyzer = yield* ContentAnalyzer
    const assets = yield* AssetStore
    const ids = yield* IdGenerator
    const update = (f: (p: Progress) => Progress) => Ref.update(progress, f)

    // A text note has no page: only its text is analysed (docs/import-export.md, "Text notes").
    if (record.derived.type === "textNote") {
      const text = Bookmark.effective(record).note
      const analysis = yield* analyzer.analyze({ title: record.derived.title, text })
      return yield* update((p) => ({ ...p, derived: { ...p.derived, summary: analysis.summary, tags: [...analysis.tags] } }))
    }

    const fetched = yield* Effect.either(fetcher.fetch(record.url))
    if (fetched._tag === "Left") {
      return yield* update((p) => ({ ...p, error: fetchReason(fetched.left), transient: fetched.left.transient }))
    }
    const page: FetchedPage = fetched.right
    if (page.status < 200 || page.status > 299) {
      return yield* update((p) => ({
        ...p,
        error: `HTTP ${page.status}`,
        transient: page.status >= 500 || page.status === 429
      }))
    }
    const extracted = yield* extractor.extract({ url: page.url, contentType: page.contentType, body: page.body })
    if (extracted.challenge) {
      yield* update((p) => ({ ...p, derived: { ...p.derived, favicon: extracted.favicon }, error: "blocked by a bot challenge" }))
    } else {
      yield* update((p) => ({ ...p, derived: takeExtracted(p.derived, extracted), pageText: extracted.text }))
    }

    // A page over the fetch cap is not rendered: the browser would download it again with no cap at all (an endless
    // page held a browser at about 1 GB for the whole navigation timeout).
    if (page.truncated && renderer.available) {
      yield* Effect.logInfo("page larger than the fetch cap: not rendered").pipe(Effect.annotateLogs("url", page.url))
    }
    if (renderer.available && isHtml(extracted.type) && !extracted.challenge && !page.truncated) {
      const rendered = yield* Effect.either(renderer.render(page.url))
      if (rendered._tag === "Left") {
        yield* Effect.logWarning("screenshot failed").pipe(Effect.annotateLogs("reason", rendered.left.reason))
      } else {
        const assetId = AssetId.make(toHex(yield* ids.bytes(16)))
        const stored = yield* Effect.either(
          assets.put(assetId, { bytes: rendered.right.screenshot, contentType: "image/jpeg" })
        )
        if (stored._tag === "Right") {
          yield* update((p) => ({ ...p, derived: { ...p.derived, screenshot: assets.url(assetId) } }))
        }
        const current = yield* Ref.get(progress)
        if (current.derived.title === "" || current.pageText === "") {
          const after = yield* extractor.extract({ url: page.url, contentType: "text/html", body: rendered.right.html })
          if (!after.challenge) {
            yield* update((p) => ({
              ...p,
              derived: takeExtracted(p.derived, { ...after, type: p.derived.type === "article" ? "article" : after.type }),
              pageText: p.pageText === "" ? after.text : p.pageText
            }))
          }
        }
      }
    }

    const { derived, pageText } = yield* Ref.get(progress)
    if (pageText !== "") {
      const analysis = yield* analyzer.analyze({ title: derived.title, text: pageText })
      yield* update((p) => ({ ...p, derived: { ...p.derived, summary: analysis.summary, tags: [...analysis.tags] } }))
    }
  })

/** Processes a claimed job: completes the bookmark, or schedules a retry after a transient failure. */
export const processJob = Effect.fn("ProcessBookmark")(function*(job: Job) {
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const { enrichment: timings } = yield* Policy
  const found = yield* bookmarks.get(job.bookmarkId)
  if (Option.isNone(found) || found.value.status !== "processing") {
    yield* jobs.complete(job.id)
    return "skipped" as const
  }
  const record = found.value
  const progress = yield* Ref.make<Progress>({
    derived: { ...record.derived },
    pageText: "",
    error: "",
    transient: false
  })
  const finished = yield* enrich(record, progress).pipe(
    Effect.timeoutOption(Duration.millis(timings.attemptBudget))
  )
  if (Option.isNone(finished)) {
    yield* Ref.update(progress, (p) => ({ ...p, error: p.error || "timeout", transient: true }))
  }
  const result = yield* Ref.get(progress)
  const delay = result.transient ? JobRules.retryDelay(job.attempts, timings.retryDelays) : null
  if (delay !== null) {
    const now = yield* Clock.currentTimeMillis
    yield* jobs.retryAt(job.id, now + delay)
    yield* Effect.logInfo("enrichment will be retried").pipe(
      Effect.annotateLogs({ bookmarkId: record.id, reason: result.error, attempt: job.attempts })
    )
    return "retry" as const
  }
  yield* completeBookmark(
    record.id,
    { derived: result.derived, processingError: result.error, pageText: result.pageText },
    Option.some(job)
  )
  return "completed" as const
})
