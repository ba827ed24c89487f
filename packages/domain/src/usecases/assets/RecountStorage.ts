/**
 * Use case of the operator: recount the storage an account uses from the assets actually stored (docs/preservation.md,
 * "Recount"). The assets looked at are those the account's bookmarks hold (screenshot, card picture, icon, archived
 * copy and the reader view derived from it) and those already counted for it; each is sized in the store. A stored
 * one not counted is added, a counted one takes its stored size, a counted one no longer stored is taken off, and the
 * count becomes the sum. Running it twice changes nothing the second time.
 *
 * Saves and deletions may run meanwhile:
 * - an asset counted after the recount looked is not among its findings, so it is left as it is, and the port sums
 *   under the account's row lock, so its bytes are in the sum or added after it, never lost;
 * - an asset deleted after it was sized: a counted one is only resized (a row already gone stays gone); an added one
 *   could be counted again after its deletion took it off, so each added asset is looked up in the store once more
 *   after the recount and taken off when it is gone. A deletion removes the bytes before it takes the asset off
 *   (`deleteAsset`), so either the deletion or this second look takes it off.
 */
import { Effect, Option, Stream } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId, AssetId } from "../../Ids.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { AssetUsage, type SizedAsset } from "../../ports/AssetUsage.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { getAccount } from "../accounts/GetAccount.js"
import { libraryRecords } from "../imports/ExportLibrary.js"
import * as ReaderCache from "../reading/ReaderCache.js"

/** Assets sized in the store at once. */
const concurrency = 8

export interface StorageRecounted {
  readonly accountId: AccountId
  /** The count before the recount. */
  readonly before: number
  /** The count after it. */
  readonly bytes: number
  /** Assets found stored (held by the bookmarks or counted before). */
  readonly assets: number
  /** Counted assets no longer in the store, taken off. */
  readonly missing: number
}

/** Every asset the account's bookmarks hold, with what was derived from their copies. */
const heldAssets = (accountId: AccountId) =>
  Effect.gen(function*() {
    const held = new Set<AssetId>()
    yield* Stream.runForEach(libraryRecords((yield* Bookmarks).list, accountId), (record) =>
      Effect.gen(function*() {
        for (const asset of Bookmark.assets(record)) held.add(asset)
        const copy = Bookmark.copyAsset(record)
        if (copy !== undefined) { for (const asset of yield* ReaderCache.assetsOf(copy)) held.add(asset) }
      }))
    return held
  })

const sizeOf = (asset: AssetId) =>
  Effect.map(
    Effect.flatMap(AssetStore, (store) => store.getStream(asset)),
    // The stream is never read: the size comes from the store's metadata (a HEAD on S3, a stat for files).
    Option.map((found): SizedAsset => ({ asset, bytes: found.size }))
  )

export const recountStorage = Effect.fn("RecountStorage")(function*(accountId: string) {
  const { account } = yield* getAccount(accountId)
  const usage = yield* AssetUsage
  const before = yield* usage.used(account.id)
  const counted = new Set(yield* usage.counted(account.id))
  const looked = new Set([...(yield* heldAssets(account.id)), ...counted])
  const sized = yield* Effect.forEach(looked, (asset) => Effect.map(sizeOf(asset), (size) => ({ asset, size })), {
    concurrency
  })
  const add: Array<SizedAsset> = []
  const resize: Array<SizedAsset> = []
  const remove: Array<AssetId> = []
  for (const { asset, size } of sized) {
    if (Option.isSome(size)) (counted.has(asset) ? resize : add).push(size.value)
    else if (counted.has(asset)) remove.push(asset)
  }
  yield* usage.recount(account.id, { add, resize, remove })
  // The second look (module header): an added asset deleted meanwhile is taken off again.
  yield* Effect.forEach(
    add,
    ({ asset }) => Effect.flatMap(sizeOf(asset), (size) => Option.isNone(size) ? usage.deleted(asset) : Effect.void),
    {
      concurrency,
      discard: true
    }
  )
  const recounted: StorageRecounted = {
    accountId: account.id,
    before,
    bytes: yield* usage.used(account.id),
    assets: add.length + resize.length,
    missing: remove.length
  }
  return recounted
})
