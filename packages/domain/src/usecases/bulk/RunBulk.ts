/**
 * Use case: one bulk action on a selection of the account's bookmarks (docs/lists.md, "Bulk actions"). A selection
 * of at most `Bulk.jobThreshold` bookmarks is answered at once with every item's result; a larger one runs as a job
 * in this process, batch by batch with a rest after each (saves keep their latency meanwhile, on the one PGlite
 * connection too), and its progress is read with `bulkProgress`.
 */
import { Clock, Context, Duration, Effect } from "effect"
import * as Actor from "../../Actor.js"
import * as Bulk from "../../Bulk.js"
import { InvalidInput, NotFound } from "../../Errors.js"
import type { AccountId, ListId } from "../../Ids.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Transactor } from "../../ports/Transactor.js"
import * as Tags from "../../Tags.js"
import { ownedList } from "../lists/OwnedList.js"
import { applyTagsTo, applyToBookmark } from "./ApplyToBookmark.js"
import { BulkRuns, remember } from "./BulkRuns.js"
import { resolveSelection, type Selection, selectionOf } from "./Selection.js"

/**
 * The rest a job takes after each batch, as a share of the time the batch took (as an embedded import's pace):
 * 0.5 leaves a third of the time to other requests. A test sets 0.
 */
export const BulkPace = Context.Reference<{ readonly rest: number }>("@bookmark-library/domain/BulkPace", {
  defaultValue: () => ({ rest: 0.5 })
})

/** The operation checked: tags for tag actions, a list for list actions, neither for the others. */
export const operationOf = (input: {
  readonly action: Bulk.Action
  readonly tags?: ReadonlyArray<string> | undefined
  readonly listId?: string | undefined
}): Effect.Effect<Bulk.Operation, InvalidInput> =>
  Effect.gen(function*() {
    const { action } = input
    if (!Bulk.needsTags(action) && input.tags !== undefined) {
      return yield* new InvalidInput({ field: "tags", reason: `is only for addTags and removeTags, not ${action}` })
    }
    if (!Bulk.needsList(action) && input.listId !== undefined) {
      return yield* new InvalidInput({
        field: "listId",
        reason: `is only for addToList and removeFromList, not ${action}`
      })
    }
    const tags = Bulk.needsTags(action) ? yield* Effect.fromResult(Tags.parse(input.tags ?? [])) : []
    if (Bulk.needsTags(action) && tags.length === 0) {
      return yield* new InvalidInput({ field: "tags", reason: `${action} needs at least one tag` })
    }
    const listId = input.listId ?? ""
    if (Bulk.needsList(action) && listId.trim() === "") {
      return yield* new InvalidInput({ field: "listId", reason: `${action} needs a list` })
    }
    return { action, tags, listId }
  })

/** Bookmarks written per transaction: one commit for several small writes, a short hold of a connection. */
export const perTransaction = 20
/** Bookmarks per set-based tag write: large enough to be cheap per bookmark, small enough to hold PGlite briefly. */
export const perTagWrite = 50

/**
 * A batch, `perTransaction` bookmarks a transaction (each bookmark's own writes are savepoints inside it). A delete
 * runs alone: its pictures go after its own commit (`deleteBookmark`). A storage failure fails every bookmark of its
 * transaction, whose writes are rolled back, and the run goes on.
 */
const applyBatch = (run: Bulk.Run, accountId: AccountId, list: ListId | null, ids: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    // Tags: set-based writes (one transaction of two statements per `perTagWrite` bookmarks), a save let in between.
    if (Bulk.editsTags(run.operation.action)) {
      for (let start = 0; start < ids.length; start += perTagWrite) {
        Bulk.record(run, yield* applyTagsTo(accountId, run.operation, ids.slice(start, start + perTagWrite)))
        yield* Effect.yieldNow
      }
      return
    }
    const one = (id: string) => applyToBookmark(accountId, run.operation, list, id)
    if (run.operation.action === "delete") return Bulk.record(run, yield* Effect.forEach(ids, one))
    const tx = yield* Transactor
    for (let start = 0; start < ids.length; start += perTransaction) {
      const chunk = ids.slice(start, start + perTransaction)
      const items = yield* tx.atomic(Effect.forEach(chunk, one)).pipe(
        Effect.catchTag(
          "StorageUnavailable",
          (e) => Effect.succeed(chunk.map((id): Bulk.ItemResult => ({ id, result: "error", reason: e.message })))
        )
      )
      Bulk.record(run, items)
    }
  })

/** Works through `ids` batch by batch, resting between batches, and marks the run finished. */
const work = Effect.fnUntraced(
  function*(run: Bulk.Run, accountId: AccountId, list: ListId | null, ids: ReadonlyArray<string>) {
    const { rest } = yield* BulkPace
    for (let start = 0; start < ids.length; start += Bulk.batchSize) {
      const began = yield* Clock.currentTimeMillis
      yield* applyBatch(run, accountId, list, ids.slice(start, start + Bulk.batchSize))
      const took = (yield* Clock.currentTimeMillis) - began
      if (run.job && rest > 0 && took > 0) yield* Effect.sleep(Duration.millis(took * rest))
      else yield* Effect.yieldNow
    }
    run.finishedAt = yield* Clock.currentTimeMillis
  }
)

/**
 * Starts (and, when small, finishes) a bulk action. The list of a list action must be the account's (404/403
 * otherwise, for the whole request); each bookmark then has its own result.
 */
export const runBulk = Effect.fn("RunBulk")(
  function*(accountId: AccountId, operation: Bulk.Operation, selection: Selection) {
    const list = Bulk.needsList(operation.action) ? (yield* ownedList(accountId, operation.listId)).id : null
    const ids = yield* resolveSelection(accountId, selection)
    const now = yield* Clock.currentTimeMillis
    const run: Bulk.Run = {
      id: yield* (yield* IdGenerator).make("bulk"),
      accountId,
      operation,
      total: ids.length,
      job: ids.length > Bulk.jobThreshold,
      done: 0,
      ok: 0,
      notFound: 0,
      failed: 0,
      results: [],
      createdAt: now,
      finishedAt: null
    }
    remember(yield* BulkRuns, run)
    if (!run.job) {
      yield* work(run, accountId, list, ids)
      return Bulk.present(run)
    }
    // The job outlives the request that started it; a defect is logged and ends the run as failed where it stood.
    yield* Effect.forkDetach(
      work(run, accountId, list, ids).pipe(
        Effect.catchCause((cause) =>
          Effect.gen(function*() {
            yield* Effect.logError("bulk action stopped", cause)
            run.finishedAt = yield* Clock.currentTimeMillis
          })
        )
      )
    )
    return Bulk.present(run)
  }
)

/** A run's progress: the operator's of any, an account's of its own; another account's answers like an unknown. */
export const bulkProgress = Effect.fn("BulkProgress")(function*(actor: Actor.Actor, id: string) {
  const run = (yield* BulkRuns).runs.get(id)
  if (run === undefined || !Actor.actsFor(actor, run.accountId)) {
    return yield* new NotFound({ resource: "batch", id })
  }
  return Bulk.present(run)
})

/** The JSON API's refusal of tag actions: the API writes `url`, `tags` and `note` only at creation. */
export const apiTagRule = "the API writes url, tags and note only at creation (tag edits are the web app's and the " +
  "admin API's): use addToList, removeFromList, favourite, unfavourite, archive, unarchive, refresh or delete"

/**
 * A batch as a face receives it, checked and run. `face` `api` is the JSON API, which refuses tag actions
 * (`apiTagRule`); `full` (the web app, the admin API) offers every action.
 */
export const startBulk = Effect.fn("StartBulk")(
  function*(accountId: AccountId, payload: Bulk.BatchPayload, face: "api" | "full") {
    if (face === "api" && Bulk.editsTags(payload.action)) {
      return yield* new InvalidInput({ field: "action", reason: apiTagRule })
    }
    const operation = yield* operationOf(payload)
    const selection = yield* selectionOf(payload)
    return yield* runBulk(accountId, operation, selection)
  }
)
