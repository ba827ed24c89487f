/**
 * Use case: one bookmark of the caller's account, in full. Untraced: it runs on every `GET /bookmarks/:id`, where a
 * span and a call-site error per call cost more than the work. The highlight count comes with the row, in the same
 * statement, so the read stays one round trip.
 */
import { Effect } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import { Links } from "../../ports/Links.js"
import { ownedWithHighlights } from "./OwnedBookmark.js"

export const getBookmark = Effect.fnUntraced(function*(accountId: AccountId, id: string) {
  const { highlights, record } = yield* ownedWithHighlights(accountId, id)
  const view: Bookmark.Bookmark = { ...Bookmark.present(record, yield* Links), highlights }
  return view
})
