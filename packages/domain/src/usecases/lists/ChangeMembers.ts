/** Use cases: add bookmarks of the account to a list, take them out, or set the lists of one bookmark. */
import { Clock, Effect } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { AccountId, BookmarkId } from "../../Ids.js"
import * as List from "../../List.js"
import { Lists } from "../../ports/Lists.js"
import { Transactor } from "../../ports/Transactor.js"
import { ownedRecord } from "../bookmarks/OwnedBookmark.js"
import { ownedList } from "./OwnedList.js"

/** Each id must name a bookmark of the account (NotFound or Forbidden otherwise, naming the first that fails). */
const ownedIds = Effect.fnUntraced(function*(accountId: AccountId, bookmarkIds: ReadonlyArray<string>) {
  if (bookmarkIds.length === 0) {
    return yield* new InvalidInput({ field: "bookmarkIds", reason: "must name at least one bookmark" })
  }
  if (bookmarkIds.length > List.maxBatch) {
    return yield* new InvalidInput({ field: "bookmarkIds", reason: `at most ${List.maxBatch} bookmarks at a time` })
  }
  const unique = [...new Set(bookmarkIds)]
  const records = yield* Effect.forEach(unique, (id) => ownedRecord(accountId, id), { concurrency: 8 })
  return records.map((r): BookmarkId => r.id)
})

export const addToList = Effect.fn("AddToList")(
  function*(accountId: AccountId, listId: string, bookmarkIds: ReadonlyArray<string>) {
    const list = yield* ownedList(accountId, listId)
    const ids = yield* ownedIds(accountId, bookmarkIds)
    const lists = yield* Lists
    const changed: List.MembersChanged = { changed: yield* lists.add(list.id, ids, yield* Clock.currentTimeMillis) }
    return changed
  }
)

export const removeFromList = Effect.fn("RemoveFromList")(
  function*(accountId: AccountId, listId: string, bookmarkIds: ReadonlyArray<string>) {
    const list = yield* ownedList(accountId, listId)
    const ids = yield* ownedIds(accountId, bookmarkIds)
    const lists = yield* Lists
    const changed: List.MembersChanged = { changed: yield* lists.remove(list.id, ids) }
    return changed
  }
)

/** Puts a bookmark of the account in exactly the lists named (the web app's picker); other lists lose it. */
export const setBookmarkLists = Effect.fn("SetBookmarkLists")(
  function*(accountId: AccountId, bookmarkId: string, listIds: ReadonlyArray<string>) {
    const [id] = yield* ownedIds(accountId, [bookmarkId])
    if (id === undefined) return yield* new InvalidInput({ field: "bookmarkIds", reason: "must name a bookmark" })
    const wanted = yield* Effect.forEach([...new Set(listIds)], (listId) => ownedList(accountId, listId))
    const lists = yield* Lists
    const tx = yield* Transactor
    const at = yield* Clock.currentTimeMillis
    return yield* tx.atomic(Effect.gen(function*() {
      const now = yield* lists.listsOf(id)
      const keep = new Set<string>(wanted.map((l) => l.id))
      let changed = 0
      for (const listId of now) if (!keep.has(listId)) changed += yield* lists.remove(listId, [id])
      for (const list of wanted) changed += yield* lists.add(list.id, [id], at)
      const answer: List.MembersChanged = { changed }
      return answer
    }))
  }
)
