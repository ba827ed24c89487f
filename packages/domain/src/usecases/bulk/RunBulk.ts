/**
 * Use case: one bulk action on a selection of the account's bookmarks (docs/lists.md, "Bulk actions"). The run is
 * written to storage when it is accepted, with its selection resolved to ids. A selection of at most
 * `Bulk.jobThreshold` bookmarks is then worked in the request and answered with every item's result; a larger one
 * runs as a job in this process under a lease, and any process reads its progress (`bulkProgress`) from storage.
 * A run whose process died is taken over by a worker when its lease runs out (`resumeBulk`).
 */
import { Cause, Clock, Effect, Option } from "effect"
import * as Actor from "../../Actor.js"
import * as Bulk from "../../Bulk.js"
import { InvalidInput, NotFound } from "../../Errors.js"
import { type AccountId, BulkId, isWellFormed } from "../../Ids.js"
import { BulkRuns } from "../../ports/BulkRuns.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import * as Tags from "../../Tags.js"
import { ownedList } from "../lists/OwnedList.js"
import { resolveSelection, type Selection, selectionOf } from "./Selection.js"
import { workBulk } from "./WorkBulk.js"

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

/** A run's progress: the operator's of any, an account's of its own; another account's answers like an unknown. */
export const bulkProgress = Effect.fn("BulkProgress")(function*(actor: Actor.Actor, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "batch", id })
  const found = yield* (yield* BulkRuns).get(BulkId.make(id))
  if (Option.isNone(found) || !Actor.actsFor(actor, found.value.accountId)) {
    return yield* new NotFound({ resource: "batch", id })
  }
  return Bulk.present(found.value)
})

/**
 * Starts (and, when small, finishes) a bulk action. The list of a list action must be the account's (404/403
 * otherwise, for the whole request); each bookmark then has its own result.
 */
export const runBulk = Effect.fn("RunBulk")(
  function*(accountId: AccountId, operation: Bulk.Operation, selection: Selection) {
    const list = Bulk.needsList(operation.action) ? (yield* ownedList(accountId, operation.listId)).id : null
    const ids = yield* resolveSelection(accountId, selection)
    const now = yield* Clock.currentTimeMillis
    const empty = ids.length === 0
    const record: Bulk.Record = {
      id: yield* (yield* IdGenerator).make("bulk"),
      accountId,
      operation,
      job: ids.length > Bulk.jobThreshold,
      state: empty ? "done" : "running",
      total: ids.length,
      position: 0,
      ok: 0,
      notFound: 0,
      failed: 0,
      results: [],
      createdAt: now,
      finishedAt: empty ? now : null
    }
    // Leased to this process from the start: a worker takes the run only if this process stops working on it.
    yield* (yield* BulkRuns).create(record, ids, now + Bulk.lease)
    if (empty) return Bulk.present(record)
    if (!record.job) {
      // Taken over only when a step outlived the lease: the answer is then the run as it stands.
      return yield* workBulk(record, ids, list).pipe(
        Effect.map(Bulk.present),
        Effect.catchTag("BulkTakenOver", () => bulkProgress(Actor.account(accountId), record.id))
      )
    }
    // The job outlives the request that started it. A failure leaves the run where its last step put it, leased
    // until the lease runs out; then a worker resumes it.
    yield* Effect.forkDetach(
      workBulk(record, ids, list).pipe(
        Effect.catchTag(
          "BulkTakenOver",
          () =>
            Effect.logInfo("bulk action taken over by another process").pipe(Effect.annotateLogs({ bulkId: record.id }))
        ),
        Effect.catchCause((cause) =>
          Effect.logWarning("bulk action stopped; it resumes when its lease runs out").pipe(
            Effect.annotateLogs({ bulkId: record.id, cause: Cause.pretty(cause) })
          )
        )
      )
    )
    return Bulk.present(record)
  }
)

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
