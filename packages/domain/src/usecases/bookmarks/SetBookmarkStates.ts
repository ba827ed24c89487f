/** Use case: the person marks a bookmark favourite or archived, or takes the mark back (docs/search.md, "States"). */
import { Effect, Option } from "effect"
import type * as Actor from "../../Actor.js"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Links } from "../../ports/Links.js"
import { bookmarkFor } from "./OwnedBookmark.js"

/** Sets the states given (at least one); answers the full bookmark. */
export const setBookmarkStates = Effect.fn("SetBookmarkStates")(
  function*(actor: Actor.Actor, id: string, states: Bookmark.States) {
    if (states.favourite === undefined && states.archived === undefined) {
      return yield* new InvalidInput({ field: "states", reason: "give favourite, archived or both" })
    }
    const record = yield* bookmarkFor(actor, id)
    const bookmarks = yield* Bookmarks
    const updated = yield* bookmarks.setStates(record.id, states)
    return Bookmark.present(Option.getOrElse(updated, () => Bookmark.withStates(record, states)), yield* Links)
  }
)
