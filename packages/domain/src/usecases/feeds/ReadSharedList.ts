/** Use case: what a shared page's token opens: a list's name and its newest bookmarks, read-only, for anyone. */
import { Effect, Option } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import { NotFound } from "../../Errors.js"
import { Lists } from "../../ports/Lists.js"
import { openLink } from "./ReadFeed.js"

/** Bookmarks a shared page shows: the newest of the list. */
export const sharedItems = 100

export const readSharedList = Effect.fn("ReadSharedList")(function*(token: string) {
  const link = yield* openLink("page", token)
  const missing = new NotFound({ resource: "shared page", id: "…" })
  if (link.target._tag !== "List") return yield* missing
  const lists = yield* Lists
  const list = yield* lists.get(link.target.listId)
  if (Option.isNone(list) || list.value.accountId !== link.accountId) return yield* missing
  const items: ReadonlyArray<Bookmark.Record> = yield* lists.page(list.value.id, {
    before: Option.none(),
    limit: sharedItems
  })
  return { name: list.value.name, items }
})
