/**
 * Lists as paths of names (our JSON export and import, docs/lists.md "Export and import"): every bookmark's lists
 * as paths from the top level, and the list a path names, created along the way when missing.
 */
import { Clock, Effect, Option, Result } from "effect"
import type { AccountId, BookmarkId, ListId } from "../../Ids.js"
import * as List from "../../List.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Lists } from "../../ports/Lists.js"

/** The path of names from the top level down to `id`. */
const pathOf = (byId: ReadonlyMap<string, List.Node>, id: string): Array<string> => {
  const out: Array<string> = []
  let current = byId.get(id)
  while (current !== undefined && out.length < List.maxDepth) {
    out.unshift(current.name)
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  }
  return out
}

/** Bookmark id → the paths of the lists holding it. */
export const listPaths = Effect.fn("ListPaths")(function*(accountId: AccountId) {
  const lists = yield* Lists
  const all = yield* lists.list(accountId)
  const byId = new Map<string, List.Node>(all.map((l) => [l.id, l]))
  const out = new Map<string, Array<Array<string>>>()
  for (const list of all) {
    const path = pathOf(byId, list.id)
    for (const id of yield* lists.memberIds([list.id])) out.set(id, [...(out.get(id) ?? []), path])
  }
  // In one order whatever the store's: by the path's names.
  for (const paths of out.values()) paths.sort((a, b) => (a.join("\n") < b.join("\n") ? -1 : 1))
  return out
})

/**
 * Puts imported bookmarks in the lists their paths name. A name already used in the account is that list wherever
 * it is (names are unique per account); a missing one is created under the path's previous list. Names that break
 * the rules, paths deeper than `List.maxDepth` and lists past the account's cap are skipped: an import never fails
 * on them.
 */
export const fileInPaths = Effect.fn("FileInPaths")(function*(
  accountId: AccountId,
  wanted: ReadonlyArray<{ readonly bookmarkId: BookmarkId; readonly paths: ReadonlyArray<ReadonlyArray<string>> }>
) {
  const lists = yield* Lists
  const ids = yield* IdGenerator
  const now = yield* Clock.currentTimeMillis
  const resolved = new Map<string, ListId | null>()
  const resolve = Effect.fnUntraced(function*(path: ReadonlyArray<string>) {
    let parent: ListId | null = null
    for (const raw of path.slice(0, List.maxDepth)) {
      const name = List.parseName(raw)
      if (Result.isFailure(name)) return null
      const key = List.nameKey(name.success)
      const known = resolved.get(key)
      if (known !== undefined) {
        if (known === null) return null
        parent = known
        continue
      }
      const found = yield* lists.findByName(accountId, name.success)
      if (Option.isSome(found)) parent = found.value.id
      else {
        const record: List.Record = {
          id: yield* ids.make("list"),
          accountId,
          name: name.success,
          parentId: parent,
          createdAt: now
        }
        const outcome = yield* lists.insert(record, List.maxPerAccount)
        if (outcome !== "inserted") {
          resolved.set(key, null)
          return null
        }
        parent = record.id
      }
      resolved.set(key, parent)
    }
    return parent
  })
  const members = new Map<ListId, Array<BookmarkId>>()
  for (const { bookmarkId, paths } of wanted) {
    for (const path of paths) {
      const listId = yield* resolve(path)
      if (listId !== null) members.set(listId, [...(members.get(listId) ?? []), bookmarkId])
    }
  }
  for (const [listId, bookmarkIds] of members) yield* lists.add(listId, bookmarkIds, now)
})
