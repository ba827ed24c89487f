/**
 * Use case: merge bookmarks of the account into the earliest (docs/search.md, "Duplicates"): union of tags and notes,
 * their highlights and list memberships moved to it, the others deleted with their jobs and pending deliveries in one
 * transaction, their pictures and archived copies after it.
 */
import { Effect, Option } from "effect"
import * as Bookmark from "../../Bookmark.js"
import * as Duplicates from "../../Duplicates.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { Links } from "../../ports/Links.js"
import { Transactor } from "../../ports/Transactor.js"
import { deleteAsset } from "../assets/AccountStorage.js"
import * as ReaderCache from "../reading/ReaderCache.js"
import { ownedRecord } from "./OwnedBookmark.js"

export const mergeBookmarks = Effect.fn("MergeBookmarks")(function*(accountId: AccountId, ids: ReadonlyArray<string>) {
  const distinct = [...new Set(ids)]
  if (distinct.length < 2 || distinct.length > Duplicates.maxMerge) {
    return yield* new InvalidInput({ field: "ids", reason: `give from 2 to ${Duplicates.maxMerge} bookmarks` })
  }
  const records = yield* Effect.forEach(distinct, (id) => ownedRecord(accountId, id))
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  const tx = yield* Transactor
  const merged = yield* tx.atomic(Effect.gen(function*() {
    const result = yield* bookmarks.merge(accountId, records.map((r) => r.id))
    if (Option.isSome(result)) {
      yield* Effect.forEach(result.value.removed, (r) => deliveries.cancelForBookmark(r.id), { discard: true })
    }
    return result
  }))
  if (Option.isNone(merged)) {
    // One of them went away between the reads and the merge: as if it had never been asked for.
    return yield* new InvalidInput({ field: "ids", reason: "a bookmark to merge no longer exists" })
  }
  // After the commit, as a delete does: the others' pictures and archived copies (with the reader view derived from
  // each) go, except any the kept bookmark shares; one left behind by a failure here is unreachable, never broken.
  const keptAssets = new Set<string>(Bookmark.assets(merged.value.kept))
  const keptCopy = Bookmark.copyAsset(merged.value.kept)
  for (const removed of merged.value.removed) {
    const copy = Bookmark.copyAsset(removed)
    if (copy !== undefined && copy !== keptCopy) yield* ReaderCache.forget(copy)
    for (const asset of Bookmark.assets(removed)) if (!keptAssets.has(asset)) yield* deleteAsset(asset)
  }
  return Bookmark.present(merged.value.kept, yield* Links)
})
