/**
 * Use case: save a bookmark with the page's copy from the person's browser (docs/preservation.md, "Copies from the
 * browser"). The copy is checked and cleaned, stored as the bookmark's archived copy marked `capturedBy: browser`,
 * and the bookmark and its enrichment job are written in one transaction, so enrichment finds the copy from its
 * first attempt and never fetches the URL (a paywalled or logged-in page would give the wall, and the request
 * would carry none of the person's cookies anyway).
 */
import { Effect } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import type * as PageCopy from "../../PageCopy.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import { deleteAsset } from "../assets/AccountStorage.js"
import { validate } from "./SaveBookmark.js"
import { storeBrowserCopy } from "./StoreBrowserCopy.js"

export const saveWithCopy = Effect.fn("SaveWithCopy")(function*(
  accountId: AccountId,
  payload: PageCopy.UploadPayload,
  source: Bookmark.Source
) {
  const { html, ...fields } = payload
  const valid = yield* Effect.fromResult(validate(fields))
  const { archive, assetId, now } = yield* storeBrowserCopy(accountId, html)
  const ids = yield* IdGenerator
  const id = yield* ids.make("bookmark")
  const jobId = yield* ids.make("job")
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  yield* (yield* Transactor).atomic(Effect.gen(function*() {
    yield* bookmarks.insert({
      id,
      accountId,
      url: valid.url,
      source,
      now,
      status: "processing",
      processingError: "",
      callerTags: valid.tags,
      note: valid.note,
      derived: { ...Bookmark.emptyDerived, archive },
      overrides: {},
      pageText: ""
    })
    yield* jobs.enqueue({ id: jobId, bookmarkId: id, runAt: now })
  })).pipe(
    // A bookmark that could not be written names no copy: its bytes go.
    Effect.tapError(() => Effect.ignore(deleteAsset(assetId)))
  )
  const ack: Bookmark.Ack = { id, url: valid.url, status: "processing" }
  return ack
})
