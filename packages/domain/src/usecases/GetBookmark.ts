/**
 * Use case: one bookmark of the caller's account, in full. Untraced: it runs on every `GET /bookmarks/:id`, where a
 * span and a call-site error per call cost more than the work.
 */
import { Effect, Option } from "effect"
import * as Bookmark from "../Bookmark.js"
import { Forbidden, NotFound } from "../Errors.js"
import { type AccountId, BookmarkId, isWellFormed } from "../Ids.js"
import { Links } from "../Links.js"
import { Bookmarks } from "../ports/Bookmarks.js"

/** The record if it exists and is the account's: unknown → NotFound, another account's → Forbidden. */
export const ownedRecord = Effect.fnUntraced(function*(accountId: AccountId, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "bookmark", id })
  const bookmarks = yield* Bookmarks
  const found = yield* bookmarks.get(BookmarkId.make(id, { disableValidation: true }))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "bookmark", id })
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "bookmark", id })
  return found.value
})

export const getBookmark = Effect.fnUntraced(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  return Bookmark.present(record, yield* Links)
})
