/**
 * Use case: carry a bulk run from where it stands to its end (docs/lists.md, "Bulk actions"). Each step is one
 * transaction that writes its bookmarks and moves the run's position together, so a process that dies mid-run
 * leaves the run exactly after its last committed step; whoever takes the run over goes on from there and no
 * committed step is done twice.
 */
import { Cause, Clock, Context, Duration, Effect, Option, Schema } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import * as Bulk from "../../Bulk.js"
import type { ListId } from "../../Ids.js"
import { BulkRuns } from "../../ports/BulkRuns.js"
import { Transactor } from "../../ports/Transactor.js"
import { forgetAssets } from "../bookmarks/DeleteBookmark.js"
import { ownedList } from "../lists/OwnedList.js"
import { applyToBookmark, editTagsOf } from "./ApplyToBookmark.js"

/**
 * The rest a job takes after each batch, as a share of the time the batch took (as an embedded import's pace):
 * 0.5 leaves a third of the time to other requests. A test sets 0.
 */
export const BulkPace = Context.Reference<{ readonly rest: number }>("@bookmark-library/domain/BulkPace", {
  defaultValue: () => ({ rest: 0.5 })
})

/** Another process moved the run on while this one held a step: the step is rolled back and dropped. */
export class BulkTakenOver extends Schema.TaggedError<BulkTakenOver>()("BulkTakenOver", {
  bulkId: Schema.String
}) {
  /** Its fields, as the message of a log or a cause. */
  override get message() {
    return `{ bulkId: ${JSON.stringify(this.bulkId)} }`
  }
}

/** Bookmarks written per step (one transaction): one commit for several small writes, a short hold of a connection. */
export const perTransaction = 20
/** Bookmarks per step of a tag action (one set-based write): cheap per bookmark, a short hold of PGlite. */
export const perTagWrite = 50

/** The list of a list action as the run finds it now: null when it is gone or no longer the account's. */
export const listOfRun = (record: Bulk.Record) =>
  Bulk.needsList(record.operation.action)
    ? ownedList(record.accountId, record.operation.listId).pipe(
      Effect.map((list): ListId | null => list.id),
      Effect.catchTags({ NotFound: () => Effect.succeed(null), Forbidden: () => Effect.succeed(null) })
    )
    : Effect.succeed(null)

/**
 * One step: `chunk`'s bookmarks written and the run moved past them in one transaction. A storage failure rolls the
 * writes back and records every bookmark of the step as failed (in a statement of its own); when that fails too,
 * the run stops here and resumes once its lease runs out. A delete's pictures go after the commit.
 */
const step = (record: Bulk.Record, list: ListId | null, chunk: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const runs = yield* BulkRuns
    const tx = yield* Transactor
    const { accountId, operation } = record
    const from = record.position
    const deleted: Array<Bookmark.Record> = []
    const now = yield* Clock.currentTimeMillis
    const commit = (items: ReadonlyArray<Bulk.ItemResult>) =>
      Effect.gen(function*() {
        const next = Bulk.stepOf(record.job, from, items)
        const moved = yield* runs.advance(record.id, from, next, now + Bulk.lease)
        if (!moved) return yield* new BulkTakenOver({ bulkId: record.id })
        return next
      })
    const apply = Bulk.editsTags(operation.action)
      ? editTagsOf(accountId, operation, chunk)
      : Effect.forEach(chunk, (id) => applyToBookmark(accountId, operation, list, id, deleted))
    const written = yield* tx.atomic(Effect.flatMap(apply, commit)).pipe(
      Effect.catchTag("StorageUnavailable", (e) => {
        // Rolled back: nothing of this step was deleted.
        deleted.length = 0
        return commit(chunk.map((id): Bulk.ItemResult => ({ id, result: "error", reason: e.message })))
      })
    )
    for (const gone of deleted) {
      yield* forgetAssets(gone).pipe(
        Effect.catchCause((cause) =>
          Effect.logWarning("bulk delete: a picture was left behind").pipe(
            Effect.annotateLogs("cause", Cause.pretty(cause))
          )
        )
      )
    }
    return Bulk.advanced(record, written)
  })

/**
 * Works through `ids` from the run's position to the end, step by step, resting after each `Bulk.batchSize`
 * bookmarks when the run is a job, and marks the run done. Fails with `BulkTakenOver` when another process took
 * the run over.
 */
export const workBulk = Effect.fn("WorkBulk")(
  function*(claimed: Bulk.Record, ids: ReadonlyArray<string>, list: ListId | null) {
    const runs = yield* BulkRuns
    const { rest } = yield* BulkPace
    const size = Bulk.editsTags(claimed.operation.action) ? perTagWrite : perTransaction
    let current = claimed
    let began = yield* Clock.currentTimeMillis
    let sinceRest = 0
    while (current.position < ids.length) {
      const chunk = ids.slice(current.position, current.position + size)
      current = yield* step(current, list, chunk)
      sinceRest += chunk.length
      if (sinceRest < Bulk.batchSize) {
        // A save is let in between steps.
        yield* Effect.yieldNow
        continue
      }
      const took = (yield* Clock.currentTimeMillis) - began
      if (current.job && rest > 0 && took > 0) yield* Effect.sleep(Duration.millis(took * rest))
      else yield* Effect.yieldNow
      sinceRest = 0
      began = yield* Clock.currentTimeMillis
    }
    const at = yield* Clock.currentTimeMillis
    yield* runs.finish(claimed.id, at)
    return { ...current, state: "done" as const, finishedAt: at }
  }
)

/** Use case: carry a claimed run on from where it stood, its list read again (a restart or a lease taken over). */
export const resumeBulk = Effect.fn("ResumeBulk")(function*(claimed: Bulk.Record) {
  const selection = yield* (yield* BulkRuns).selection(claimed.id)
  const list = yield* listOfRun(claimed)
  return yield* workBulk(claimed, Option.getOrElse(selection, () => []), list)
})
