/**
 * Use case: enrich one bookmark and complete it, in named steps: FetchPage, ExtractPage, RenderPage (with
 * StoreScreenshot), FindFavicon, AnalysePage, StoreCardPicture, StoreIcon, then CompleteBookmark
 * (docs/enrichment.md, "The steps"). Each step is isolated: a failed screenshot or analysis keeps the metadata; a
 * timeout keeps what was derived before it.
 */
import { Clock, Duration, Effect, Option, Ref, Result } from "effect"
import * as Archive from "../../Archive.js"
import * as Bookmark from "../../Bookmark.js"
import type { AssetId } from "../../Ids.js"
import type { Job } from "../../Job.js"
import * as JobRules from "../../Job.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Jobs } from "../../ports/Jobs.js"
import { PageRenderer } from "../../ports/PageRenderer.js"
import { Settings } from "../../ports/Settings.js"
import { Transactor } from "../../ports/Transactor.js"
import { toIso } from "../../Timestamp.js"
import { deleteAsset } from "../assets/AccountStorage.js"
import * as ReaderCache from "../reading/ReaderCache.js"
import { analyseNote, analysePage } from "./AnalysePage.js"
import { archivePage, pdfCopy, renderedCopy } from "./ArchivePage.js"
import { completeBookmark } from "./CompleteBookmark.js"
import { enrichFromCopy } from "./EnrichFromCopy.js"
import { extractPage, withExtracted } from "./ExtractPage.js"
import { fetchPage } from "./FetchPage.js"
import { findFavicon } from "./FindFavicon.js"
import * as Progress from "./Progress.js"
import { extractRendered, renderPage, withRendered } from "./RenderPage.js"
import { storeCardPicture } from "./StoreCardPicture.js"
import { storeIcon } from "./StoreIcon.js"
import { storeScreenshot } from "./StoreScreenshot.js"

/** Runs the steps, recording progress after each so a timeout loses nothing already derived. */
const enrich = (record: Bookmark.Record, progress: Ref.Ref<Progress.Progress>) =>
  Effect.gen(function*() {
    const update = (f: (p: Progress.Progress) => Progress.Progress) => Ref.update(progress, f)

    if (Bookmark.isNote(record)) return yield* Ref.set(progress, yield* analyseNote(record, yield* Ref.get(progress)))
    const uploaded = record.derived.archive?.copy
    if (uploaded?.capturedBy === "browser") return yield* enrichFromCopy(record, uploaded, progress)

    const fetched = yield* fetchPage(record.url)
    if (Result.isFailure(fetched)) {
      const { reason, transient } = fetched.failure
      return yield* update((p) => ({ ...p, error: reason, transient }))
    }
    const page = fetched.success
    const extracted = yield* extractPage(page)
    yield* update((p) => withExtracted(p, extracted))

    // The archived copy (docs/preservation.md): a PDF keeps itself; a web page the copy its render takes.
    const { archive: archiving } = yield* Settings
    const keep = (outcome: Parameters<typeof archivePage>[2]) =>
      Effect.flatMap(archivePage(record.accountId, record.derived.archive, outcome), (archive) =>
        update((p) => ({ ...p, derived: { ...p.derived, archive } })))
    const pdf = archiving.enabled ? pdfCopy(page, archiving.maxBytes) : undefined
    if (pdf !== undefined) {
      yield* keep(pdf)
    }
    const copyWanted = archiving.enabled && pdf === undefined &&
      (extracted.type === "website" || extracted.type === "article")
    if (copyWanted && extracted.challenge) {
      yield* keep({ _tag: "Missing", reason: "the page is a bot challenge: not kept as the page" })
    }

    const rendered = yield* renderPage(
      page,
      extracted,
      copyWanted ? { copy: { maxBytes: archiving.maxBytes } } : undefined
    )
    const screenshotBytes = Option.map(rendered, (r) =>
      r.screenshot)
    if (Option.isSome(rendered)) {
      const screenshot = yield* storeScreenshot(record.accountId, rendered.value.screenshot)
      if (Option.isSome(screenshot)) {
        yield* update((p) => ({ ...p, derived: { ...p.derived, screenshot: screenshot.value } }))
      }
      const after = yield* extractRendered(page, rendered.value.html)
      if (Option.isSome(after)) {
        yield* update((p) => withRendered(p, after.value))
      }
      if (copyWanted) {
        yield* keep(
          Option.isNone(after)
            ? { _tag: "Missing", reason: "the page is a bot challenge: not kept as the page" }
            : Archive.isLoginWall(rendered.value.html, after.value.text.length)
            ? { _tag: "Missing", reason: "the page is a login wall: not kept as the page" }
            : renderedCopy(rendered.value.copy)
        )
      }
    } else if (copyWanted && !extracted.challenge) {
      const reason = (yield* PageRenderer).available
        ? "no copy: the page could not be rendered"
        : "no copy: no browser to render the page"
      yield* keep({ _tag: "Missing", reason })
    }

    if ((yield* Ref.get(progress)).derived.favicon === "") {
      const favicon = yield* findFavicon(page.url)
      yield* update((p) => ({ ...p, derived: { ...p.derived, favicon } }))
    }

    yield* Ref.set(progress, yield* analysePage(record, yield* Ref.get(progress)))

    // Pictures last: a slow preview image must not cost the summary and tags (the attempt has one time budget).
    const found = (yield* Ref.get(progress)).derived
    const picture = yield* storeCardPicture(record.accountId, page, found, screenshotBytes)
    if (Option.isSome(picture)) yield* update((p) => ({ ...p, derived: { ...p.derived, thumbnail: picture.value } }))
    const icon = yield* storeIcon(record.accountId, found.favicon)
    if (Option.isSome(icon)) yield* update((p) => ({ ...p, derived: { ...p.derived, icon: icon.value } }))
  })

const dropAsset = (asset: AssetId) => Effect.ignore(deleteAsset(asset))

/** Processes a claimed job: completes the bookmark, or schedules a retry after a transient failure. */
export const processJob = Effect.fn("ProcessBookmark")(function*(job: Job) {
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const { enrichment: timings } = yield* Settings
  const found = yield* bookmarks.get(job.bookmarkId)
  if (Option.isNone(found) || found.value.status !== "processing") {
    yield* jobs.complete(job.id)
    return "skipped" as const
  }
  const record = found.value
  const progress = yield* Ref.make(Progress.start(record))
  const finished = yield* enrich(record, progress).pipe(
    Effect.timeoutOption(Duration.millis(timings.attemptBudget))
  )
  if (Option.isNone(finished)) {
    yield* Ref.update(progress, (p) => ({ ...p, error: p.error || "timeout", transient: true }))
  }
  const result = yield* Ref.get(progress)
  const previousCopy = Bookmark.copyAsset(record)
  const newCopy = Bookmark.copyAsset({ ...record, derived: result.derived })
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
    // The retry takes its own copy: this attempt's is dropped, the previous one stays.
    if (newCopy !== previousCopy && newCopy !== undefined) yield* dropAsset(newCopy)
    return "retry" as const
  }
  yield* completeBookmark(
    record.id,
    {
      derived: result.derived,
      processingError: result.error,
      pageText: result.pageText,
      pageMarkdown: result.pageMarkdown
    },
    Option.some(job)
  )
  // A refresh's new copy replaced the previous one: its bytes go once the bookmark names the new one, with the
  // reader view derived from it.
  if (newCopy !== previousCopy && previousCopy !== undefined) {
    yield* ReaderCache.forget(previousCopy)
    yield* dropAsset(previousCopy)
  }
  // The new copy's reader view now, so the first reading is as quick as the next (docs/reading.md); a failure
  // only means it is derived when first opened.
  if (newCopy !== undefined && newCopy !== previousCopy) {
    yield* Effect.ignore(ReaderCache.derive(record.accountId, newCopy, record.url))
  }
  return "completed" as const
})
