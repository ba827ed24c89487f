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
import { Transactor } from "../ports/Transactor.js"
import { Policy } from "../Policy.js"
import { toHex } from "../Sha256.js"
import { toIso } from "../Timestamp.js"
import { completeBookmark } from "./CompleteBookmark.js"

/** What enrichment has found so far. */
interface Progress {
  readonly derived: Bookmark.Derived
  readonly pageText: string
  /** The page is news: the summary leans on its opening. */
  readonly news: boolean
  readonly error: string
  /** Worth another attempt (timeouts, DNS, connection, 5xx, 429). */
  readonly transient: boolean
}

const fetchReason = (e: FetchFailed): string => {
  switch (e.reason) {
    case "blocked": return "blocked by address policy"
    case "timeout": return "timeout"
    case "dns": return "DNS lookup failed"
    case "notfound": return "host name not found"
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

/**
 * What the rendered document adds. It is the page a reader sees once its scripts ran (a page built by script says
 * "Loading…" in its static HTML; an app sets its title and description by script), so its metadata and readable
 * text win and the static HTML fills the gaps; except when the script took most of the text away (a paywall or
 * an overlay hiding the article): then the static text says more about the page (docs/enrichment.md).
 */
const takeRendered = (p: Progress, rendered: Extracted): Progress => ({
  ...p,
  derived: {
    ...p.derived,
    title: rendered.title || p.derived.title,
    description: rendered.description || p.derived.description,
    image: rendered.image || p.derived.image,
    favicon: rendered.favicon || p.derived.favicon,
    type: p.derived.type === "article" ? "article" : rendered.type
  },
  pageText: rendered.text.length * 2 >= p.pageText.length ? rendered.text : p.pageText,
  news: p.news || rendered.news === true
})

/** A favicon check is small: the first bytes tell an image, and it must not eat the attempt's budget. */
const faviconLimits = { maxBytes: 16 * 1024, totalTimeout: 5_000 } as const

/** `/favicon.ico` of the page's origin, where browsers look when a page declares no icon. */
const conventionalFavicon = (pageUrl: string): string => {
  try {
    const url = new URL("/favicon.ico", pageUrl)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : ""
  } catch {
    return ""
  }
}

/**
 * The conventional icon, kept only when it answers with an image: a guessed link that 404s is no favicon. The check
 * goes through the same SSRF-safe fetcher as the page (address policy, redirects re-checked, size cap).
 */
const verifiedFavicon = (pageUrl: string) =>
  Effect.gen(function*() {
    const guess = conventionalFavicon(pageUrl)
    if (guess === "") return ""
    const answer = yield* Effect.either((yield* PageFetcher).fetch(guess, faviconLimits))
    if (answer._tag === "Left" || answer.right.status < 200 || answer.right.status > 299) return ""
    const { body, contentType, url } = answer.right
    const seen = yield* (yield* PageExtractor).extract({ url, contentType, body })
    return seen.type === "image" ? url : ""
  })

/** The tags a person gave the bookmark (at save, or edited in the app); generated ones must not repeat them. */
const callerTags = (record: Bookmark.Record) => record.overrides.tags ?? record.callerTags

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

    // A text note has no page (docs/decisions.md, "Text notes"): only its own words are analysed (edits win: the
    // effective title and text). Notes written in the app and imported ones alike.
    if (Bookmark.isNote(record)) {
      const eff = Bookmark.effective(record)
      const analysis = yield* analyzer.analyze({ title: eff.title, text: eff.note, given: callerTags(record) })
      return yield* update((p) => ({
        ...p,
        derived: { ...p.derived, type: "textNote", summary: analysis.summary, tags: [...analysis.tags] }
      }))
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
      yield* update((p) => ({
        ...p,
        derived: takeExtracted(p.derived, extracted),
        pageText: extracted.text,
        news: extracted.news === true
      }))
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
          yield* update((p) => ({ ...p, derived: { ...p.derived, screenshot: assetId } }))
        }
        const after = yield* extractor.extract({ url: page.url, contentType: "text/html", body: rendered.right.html })
        if (!after.challenge) yield* update((p) => takeRendered(p, after))
      }
    }

    if ((yield* Ref.get(progress)).derived.favicon === "") {
      const favicon = yield* verifiedFavicon(page.url)
      yield* update((p) => ({ ...p, derived: { ...p.derived, favicon } }))
    }

    const { derived, news, pageText } = yield* Ref.get(progress)
    if (pageText !== "") {
      const analysis = yield* analyzer.analyze({ title: derived.title, text: pageText, news, given: callerTags(record) })
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
    news: false,
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
    const next = (yield* Clock.currentTimeMillis) + delay
    // The bookmark says why it is still processing and when it tries again (docs/enrichment.md).
    yield* (yield* Transactor).atomic(Effect.gen(function*() {
      yield* jobs.retryAt(job.id, next)
      yield* bookmarks.pending(record.id, `${result.error}; next attempt at ${toIso(next)}`)
    }))
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
