/**
 * Enrichment of a bookmark whose archived copy came from the person's browser (docs/preservation.md, "Copies from
 * the browser"): the copy stands in for the fetched page. Its metadata, text, type, summary and tags come from it;
 * nothing is fetched (not the URL, not its icon, not its preview image); the screenshot is of the copy itself, since the page is behind a login or a
 * paywall the service cannot pass and a request there would only tell the site the page was saved.
 */
import { Effect, Option, Ref } from "effect"
import type * as Archive from "../../Archive.js"
import type * as Bookmark from "../../Bookmark.js"
import type { AccountId, AssetId } from "../../Ids.js"
import { AssetStore } from "../../ports/AssetStore.js"
import type { FetchedPage } from "../../ports/PageFetcher.js"
import { PageRenderer } from "../../ports/PageRenderer.js"
import { analysePage } from "./AnalysePage.js"
import { extractPage, withExtracted } from "./ExtractPage.js"
import type * as Progress from "./Progress.js"
import { storeScreenshot } from "./StoreScreenshot.js"

export const enrichFromCopy = Effect.fn("EnrichFromCopy")(function*(
  record: Bookmark.Record,
  copy: Archive.Copy,
  progress: Ref.Ref<Progress.Progress>
) {
  const stored = yield* Effect.result((yield* AssetStore).get(copy.asset as AssetId))
  if (stored._tag === "Failure" || Option.isNone(stored.success)) {
    return yield* Ref.update(progress, (p) => ({
      ...p,
      error: "the uploaded page copy could not be read",
      transient: stored._tag === "Failure"
    }))
  }
  const page: FetchedPage = {
    url: record.url,
    status: 200,
    contentType: "text/html; charset=utf-8",
    body: stored.success.value.bytes,
    truncated: false
  }
  const extracted = yield* extractPage(page)
  // The icon and preview image stay links to the site (the web app shows them from there): neither is fetched.
  yield* Ref.update(progress, (p) => withExtracted(p, extracted))
  yield* Ref.set(progress, yield* analysePage(record, yield* Ref.get(progress)))
  yield* screenshotCopy(record.accountId, stored.success.value.bytes, progress)
})

/** The screenshot of the copy itself, when the renderer can take one (scripts off, nothing fetched). */
const screenshotCopy = Effect.fn("ScreenshotCopy")(function*(
  owner: AccountId,
  bytes: Uint8Array,
  progress: Ref.Ref<Progress.Progress>
) {
  const renderer = yield* PageRenderer
  if (!renderer.available || renderer.screenshotDocument === undefined) return
  const shot = yield* Effect.result(renderer.screenshotDocument(new TextDecoder().decode(bytes)))
  if (shot._tag === "Failure") {
    return yield* Effect.logWarning("screenshot of the copy failed").pipe(
      Effect.annotateLogs("reason", shot.failure.reason)
    )
  }
  const stored = yield* storeScreenshot(owner, shot.success.screenshot)
  if (Option.isSome(stored)) {
    yield* Ref.update(progress, (p) => ({ ...p, derived: { ...p.derived, screenshot: stored.value } }))
  }
})
