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

/** The storage part of a delete: the bookmark with its jobs and pending deliveries, in one transaction. */
export const deleteRecord = Effect.fn("DeleteBookmark.record")(function*(record: Bookmark.Record) {
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  yield* (yield* Transactor).atomic(Effect.gen(function*() {
    yield* deliveries.cancelForBookmark(record.id)
    yield* bookmarks.delete(record.id)
  }))
})

/**
 * What a delete leaves for after its commit: the pictures and the archived copy with its reader view. A picture
 * left behind by a failure here is unreachable, never a broken bookmark.
 */
export const forgetAssets = Effect.fn("DeleteBookmark.assets")(function*(record: Bookmark.Record) {
  const copy = Bookmark.copyAsset(record)
  if (copy !== undefined) yield* ReaderCache.forget(copy)
  for (const asset of Bookmark.assets(record)) yield* deleteAsset(asset)
})

/**
 * Removes the bookmark with its jobs, its pending deliveries, its pictures (screenshot, card picture, icon) and its
 * archived copy with the reader view derived from it.
 */
export const deleteBookmark = Effect.fn("DeleteBookmark")(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  yield* deleteRecord(record)
  yield* forgetAssets(record)
  return { ok: true as const }
})
