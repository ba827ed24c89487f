/** Use case: delete a bookmark of the account with what hangs on it (docs/decisions.md, "Delete"). */
import { Effect } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { Transactor } from "../../ports/Transactor.js"
import { deleteAsset } from "../assets/AccountStorage.js"
import * as ReaderCache from "../reading/ReaderCache.js"
import { ownedRecord } from "./OwnedBookmark.js"

/**
 * Removes the bookmark with its jobs, its pending deliveries, its pictures (screenshot, card picture, icon) and its
 * archived copy with the reader view derived from it.
 */
export const deleteBookmark = Effect.fn("DeleteBookmark")(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  const tx = yield* Transactor
  yield* tx.atomic(Effect.gen(function*() {
    yield* deliveries.cancelForBookmark(record.id)
    yield* bookmarks.delete(record.id)
  }))
  // After the commit: a screenshot left behind by a failure here is unreachable, never a broken bookmark.
  const copy = Bookmark.copyAsset(record)
  if (copy !== undefined) yield* ReaderCache.forget(copy)
  for (const asset of Bookmark.assets(record)) yield* deleteAsset(asset)
  return { ok: true as const }
})
