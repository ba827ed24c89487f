/**
 * Use cases of duplicates (docs/search.md, "Duplicates"): is this page saved already, and the groups of the library.
 */
import { Effect } from "effect"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Links } from "../../ports/Links.js"

/** At most this many groups on the duplicates page. */
export const maxGroups = 50

/** The account's bookmarks of the same page as `url` (by canonical form), newest first, at most `limit`. */
export const savedAlready = Effect.fn("SavedAlready")(function*(accountId: AccountId, url: string, limit = 5) {
  const bookmarks = yield* Bookmarks
  const links = yield* Links
  return (yield* bookmarks.sameUrl(accountId, url, limit)).map((r) => Bookmark.present(r, links))
})

/** Groups of the same canonical URL, the group with the newest bookmark first, each oldest first. */
export const duplicateGroups = Effect.fn("DuplicateGroups")(function*(accountId: AccountId) {
  const bookmarks = yield* Bookmarks
  const links = yield* Links
  const groups = yield* bookmarks.duplicateGroups(accountId, maxGroups)
  return groups.map((group) => group.map((r) => Bookmark.present(r, links)))
})
