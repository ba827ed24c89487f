/**
 * Use case: copy every asset of one store into another (`bookmarks assets migrate`; docs/preservation.md, "Object
 * storage"). Assets go in id order, streamed, a few at a time; progress is reported in that order, so the last id
 * reported is a point to resume after: everything up to it is in the target. The source is left as it was.
 */
import { Effect, Option, Stream } from "effect"
import type { StorageUnavailable } from "../../Errors.js"
import type { AssetId } from "../../Ids.js"
import type { AssetStore } from "../../ports/AssetStore.js"

export interface CopyProgress {
  /** Assets handled in this run: copied, or already in the target. */
  readonly done: number
  /** Bytes read from the source in this run. */
  readonly bytes: number
  /** Listed but gone from the source before their turn (deleted meanwhile). */
  readonly vanished: number
  /** The last id handled: everything up to it is in the target. */
  readonly last: Option.Option<AssetId>
}

export interface CopyOptions {
  /** Resume after this id (the `last` of an earlier run's progress). */
  readonly after: Option.Option<AssetId>
  /** Called after each asset, in id order. */
  readonly onProgress: (progress: CopyProgress) => Effect.Effect<void>
  /** Assets copied at once. Default 4. */
  readonly concurrency?: number
}

type Store = AssetStore["Service"]

/** How many assets the source lists after `after` (the total for a progress bar). */
export const countAssets = (source: Store, after: Option.Option<AssetId>): Effect.Effect<number, StorageUnavailable> =>
  Stream.runCount(source.list(after))

export const copyAssets = Effect.fn("CopyAssets")(function*(source: Store, target: Store, options: CopyOptions) {
  let progress: CopyProgress = { done: 0, bytes: 0, vanished: 0, last: options.after }
  const copyOne = (id: AssetId) =>
    Effect.flatMap(
      source.getStream(id),
      Option.match({
        onNone: () => Effect.succeed({ id, bytes: 0, vanished: true }),
        onSome: (asset) => Effect.as(target.putStream(id, asset), { id, bytes: asset.size, vanished: false })
      })
    )
  yield* source.list(options.after).pipe(
    // In order: an asset is reported only once every one before it is in the target.
    Stream.mapEffect(copyOne, { concurrency: Math.max(1, options.concurrency ?? 4) }),
    Stream.runForEach((copied) => {
      progress = {
        done: progress.done + (copied.vanished ? 0 : 1),
        bytes: progress.bytes + copied.bytes,
        vanished: progress.vanished + (copied.vanished ? 1 : 0),
        last: Option.some(copied.id)
      }
      return options.onProgress(progress)
    })
  )
  return progress
})
