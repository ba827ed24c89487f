/** One bulk action on one bookmark, answered as a per-item result; never a failure (docs/lists.md, "Bulk actions"). */
import { Clock, Effect, Option } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import type * as Bulk from "../../Bulk.js"
import { type AccountId, BookmarkId, isWellFormed, type ListId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Lists } from "../../ports/Lists.js"
import type * as TagEdits from "../../TagEdits.js"
import * as Tags from "../../Tags.js"
import { deleteRecord } from "../bookmarks/DeleteBookmark.js"
import { refreshBookmark } from "../bookmarks/RefreshBookmark.js"

const ok = (id: string): Bulk.ItemResult => ({ id, result: "ok" })
const notFound = (id: string): Bulk.ItemResult => ({ id, result: "not_found" })
const error = (id: string, reason: string): Bulk.ItemResult => ({ id, result: "error", reason })

/** The tag change of a tag action: its tags added or taken off. */
export const tagChangeOf = (operation: Bulk.Operation): TagEdits.TagChange => ({
  add: operation.action === "addTags" ? operation.tags : [],
  remove: operation.action === "removeTags" ? operation.tags : []
})

/**
 * A tag action on many bookmarks at once: one set-based write (`Bookmarks.editTags`) for the whole slice, each id
 * answered as `applyToBookmark` would. A storage failure fails the slice (its transaction wrote nothing).
 */
export const editTagsOf = (accountId: AccountId, operation: Bulk.Operation, ids: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const wellFormed = ids.filter(isWellFormed).map((id) => BookmarkId.make(id, { disableChecks: true }))
    const written = yield* (yield* Bookmarks).editTags(accountId, wellFormed, tagChangeOf(operation))
    const found = new Set<string>(written.found)
    const full = new Set<string>(written.full)
    return ids.map((id) =>
      !found.has(id) ? notFound(id) : full.has(id) ? error(id, `would carry more than ${Tags.maxTags} tags`) : ok(id)
    )
  })

/** As `editTagsOf`, a storage failure answered as every item's error. */
export const applyTagsTo = (accountId: AccountId, operation: Bulk.Operation, ids: ReadonlyArray<string>) =>
  editTagsOf(accountId, operation, ids).pipe(
    Effect.catchTag("StorageUnavailable", (e) => Effect.succeed(ids.map((id) => error(id, e.message))))
  )

/**
 * Applies `operation` to the bookmark `id` of the account; the list (for list actions) was checked by the caller.
 * Another account's bookmark is `not_found`, as an unknown one: a batch does not tell whether an id exists elsewhere.
 * A delete writes storage only and adds the record to `deleted`: the caller forgets its pictures after its own
 * commit (`forgetAssets`), so a rolled-back step never leaves a bookmark without its pictures.
 */
export const applyToBookmark = (
  accountId: AccountId,
  operation: Bulk.Operation,
  list: ListId | null,
  id: string,
  deleted: Array<Bookmark.Record>
) =>
  Effect.gen(function*() {
    if (!isWellFormed(id)) return notFound(id)
    const bookmarks = yield* Bookmarks
    const bookmarkId = BookmarkId.make(id, { disableChecks: true })
    const found = yield* bookmarks.get(bookmarkId)
    if (Option.isNone(found) || found.value.accountId !== accountId) return notFound(id)
    switch (operation.action) {
      case "addTags":
      case "removeTags": {
        const [result] = yield* applyTagsTo(accountId, operation, [id])
        return result ?? error(id, "not written")
      }
      case "addToList":
      case "removeFromList": {
        if (list === null) return error(id, "no list")
        const lists = yield* Lists
        if (operation.action === "addToList") yield* lists.add(list, [bookmarkId], yield* Clock.currentTimeMillis)
        else yield* lists.remove(list, [bookmarkId])
        return ok(id)
      }
      case "favourite":
      case "unfavourite":
        yield* bookmarks.setStates(bookmarkId, { favourite: operation.action === "favourite" })
        return ok(id)
      case "archive":
      case "unarchive":
        yield* bookmarks.setStates(bookmarkId, { archived: operation.action === "archive" })
        return ok(id)
      case "refresh":
        // A bookmark still processing is left to its job: done all the same.
        yield* refreshBookmark(accountId, id)
        return ok(id)
      case "delete":
        yield* deleteRecord(found.value)
        deleted.push(found.value)
        return ok(id)
    }
  }).pipe(
    Effect.catchTags({
      NotFound: () => Effect.succeed(notFound(id)),
      Forbidden: () => Effect.succeed(notFound(id)),
      StorageUnavailable: (e) => Effect.succeed(error(id, e.message))
    })
  )
