/** Use case: one bookmark of the caller's account, in full. */
import { Effect, Option } from "effect"
import * as Bookmark from "../Bookmark.js"
import { Forbidden, NotFound } from "../Errors.js"
import { type AccountId, BookmarkId } from "../Ids.js"
import { Bookmarks } from "../ports/Bookmarks.js"

/** The record if it exists and is the account's: unknown → NotFound, another account's → Forbidden. */
export const ownedRecord = Effect.fn("GetBookmark.owned")(function*(accountId: AccountId, id: string) {
  const bookmarks = yield* Bookmarks
  const found = yield* bookmarks.get(BookmarkId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "bookmark", id })
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "bookmark", id })
  return found.value
})

export const getBookmark = Effect.fn("GetBookmark")(function*(accountId: AccountId, id: string) {
  return Bookmark.present(yield* ownedRecord(accountId, id))
})
