/**
 * Use case: a new copy of a saved bookmark's page from the person's browser (docs/preservation.md, "Copies from the
 * browser"). The copy replaces the archived copy, marked `capturedBy: browser`, and the bookmark is enriched again
 * from it (never from the URL). A bookmark still processing is refused: its job may be reading the web right now,
 * and the copy would race it.
 */
import { Effect, Option } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import type * as PageCopy from "../../PageCopy.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import { deleteAsset } from "../assets/AccountStorage.js"
import { ownedRecord } from "./OwnedBookmark.js"
import { storeBrowserCopy } from "./StoreBrowserCopy.js"

export const replaceCopy = Effect.fn("ReplaceCopy")(function*(
  accountId: AccountId,
  id: string,
  payload: PageCopy.CopyPayload
) {
  const record = yield* ownedRecord(accountId, id)
  if (Bookmark.isNote(record)) {
    return yield* new InvalidInput({ field: "html", reason: "a text note has no page to keep a copy of" })
  }
  if (record.status === "processing") {
    return yield* new InvalidInput({
      field: "html",
      reason: "the bookmark is being processed: send its copy once it is ready (or save with POST /bookmarks/with-copy)"
    })
  }
  const { archive, assetId, now } = yield* storeBrowserCopy(accountId, payload.html)
  const jobId = yield* (yield* IdGenerator).make("job")
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const restarted = yield* (yield* Transactor).atomic(Effect.gen(function*() {
    const restarted = yield* bookmarks.restartWithArchive(record.id, archive)
    if (Option.isSome(restarted)) {
      yield* jobs.enqueue({
        id: jobId,
        bookmarkId: record.id,
        runAt: now,
        lane: "interactive",
        events: true,
        importId: null
      })
    }
    return restarted
  })).pipe(Effect.tapError(() => Effect.ignore(deleteAsset(assetId))))
  if (Option.isNone(restarted)) {
    // Another request started processing it meanwhile: the new copy names nothing.
    yield* Effect.ignore(deleteAsset(assetId))
    return yield* new InvalidInput({
      field: "html",
      reason: "the bookmark is being processed: send its copy once it is ready"
    })
  }
  // The previous copy's bytes go once the bookmark names the new one.
  const previous = Bookmark.copyAsset(record)
  if (previous !== undefined) yield* Effect.ignore(deleteAsset(previous))
  const ack: Bookmark.Ack = { id: record.id, url: record.url, status: "processing" }
  return ack
})
