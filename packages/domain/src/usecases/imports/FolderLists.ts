/**
 * A bookmark file's folders as lists (docs/import-export.md, "Folders become lists"): each folder path becomes
 * nested lists, and each imported bookmark joins the list of its folder. Runs inside an import batch's transaction.
 *
 * Lists are found again by name, never remembered elsewhere, so a batch that runs again after a crash (or the next
 * batch, or a second import of the same file) finds the lists the first one made instead of making new ones.
 */
import { Clock, Effect, Option, Result } from "effect"
import type { AccountId, BookmarkId, ListId } from "../../Ids.js"
import * as List from "../../List.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Lists } from "../../ports/Lists.js"

/** Other names tried for a folder whose name another list already has elsewhere in the tree (`Name 2` … `Name 9`). */
const maxNumbered = 9

/** A folder's name as a list name: the list rules' spacing, cut to the longest name a list may have. */
const listName = (raw: string): string | undefined => {
  const spaced = raw.trim().replace(/\s+/g, " ").slice(0, List.maxNameLength).trim()
  const parsed = List.parseName(spaced)
  return Result.isSuccess(parsed) ? parsed.success : undefined
}

/** `name` with a suffix, the name cut so that the whole stays within the longest name a list may have. */
const suffixed = (name: string, suffix: string) => name.slice(0, List.maxNameLength - suffix.length).trimEnd() + suffix

/**
 * The names a folder may take, in order: its own, then (names are unique per account, so `Dev › Rust` and
 * `Games › Rust` cannot both be `Rust`) its own with its parent's (`Rust (Games)`), then numbered. The order is
 * fixed, so a rerun walks the same names and finds the list it made.
 */
const namesFor = (name: string, parentName: string | undefined): ReadonlyArray<string> => {
  const base = parentName === undefined ? name : suffixed(name, ` (${parentName})`)
  const numbered = Array.from({ length: maxNumbered - 1 }, (_, i) => suffixed(base, ` ${i + 2}`))
  return parentName === undefined ? [name, ...numbered] : [name, base, ...numbered]
}

/**
 * Puts each bookmark in the list of its folder path (outermost first), making the lists that are missing.
 *
 * - A list of the folder's name under the same parent (the top level for a top folder) is that folder's list, the
 *   name compared ignoring case as list names are.
 * - A path deeper than `List.maxDepth` stops at that depth: the list at the deepest allowed level holds the
 *   bookmarks of every folder below it.
 * - When a list cannot be made (the account's 1,000 lists reached, no free name), the bookmark goes to the deepest
 *   list of its path that exists, or to none: an import never fails on its folders.
 */
export const fileInFolders = Effect.fn("FileInFolders")(function*(
  accountId: AccountId,
  wanted: ReadonlyArray<{ readonly bookmarkId: BookmarkId; readonly path: ReadonlyArray<string> }>
) {
  const lists = yield* Lists
  const ids = yield* IdGenerator
  const now = yield* Clock.currentTimeMillis
  /** (parent id, folder name key) → the folder's list, or null when none could be made; for this batch. */
  const known = new Map<string, { readonly id: ListId; readonly name: string } | null>()

  /** The list of the folder `name` under `parent`, found or made. */
  const folderList = Effect.fnUntraced(function*(
    name: string,
    parent: { readonly id: ListId; readonly name: string } | null
  ) {
    for (const candidate of namesFor(name, parent?.name)) {
      const found = yield* lists.findByName(accountId, candidate)
      if (Option.isSome(found)) {
        if (found.value.parentId === (parent?.id ?? null)) return { id: found.value.id, name: found.value.name }
        continue
      }
      const record: List.Record = {
        id: yield* ids.make("list"),
        accountId,
        name: candidate,
        parentId: parent?.id ?? null,
        createdAt: now
      }
      const outcome = yield* lists.insert(record, List.maxPerAccount)
      if (outcome === "inserted") return { id: record.id, name: record.name }
      if (outcome === "full") return null
      // Taken since it was looked up (another import or the person at the same moment): theirs if it sits here.
      const raced = yield* lists.findByName(accountId, candidate)
      if (Option.isSome(raced) && raced.value.parentId === record.parentId) {
        return { id: raced.value.id, name: raced.value.name }
      }
    }
    return null
  })

  const resolve = Effect.fnUntraced(function*(path: ReadonlyArray<string>) {
    let parent: { readonly id: ListId; readonly name: string } | null = null
    let depth = 0
    for (const raw of path) {
      const name = listName(raw)
      if (name === undefined) continue
      const key = `${parent?.id ?? ""}\u0000${List.nameKey(name)}`
      let list = known.get(key)
      if (list === undefined) {
        list = yield* folderList(name, parent)
        known.set(key, list)
      }
      if (list === null) break
      parent = list
      if (++depth === List.maxDepth) break
    }
    return parent
  })

  const members = new Map<ListId, Array<BookmarkId>>()
  for (const { bookmarkId, path } of wanted) {
    const list = yield* resolve(path)
    if (list !== null) members.set(list.id, [...(members.get(list.id) ?? []), bookmarkId])
  }
  for (const [listId, bookmarkIds] of members) yield* lists.add(listId, bookmarkIds, now)
})
