/**
 * In-memory lists over the memory library: memberships of deleted bookmarks are dropped when read, as a SQL
 * foreign key drops them at once. Writes inside a MemoryTransactor block are taken back if it fails.
 */
import { type Bookmark, type BookmarkId, Bookmarks, List, type ListId, Lists } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import * as MemoryListView from "./MemoryListView.js"

export const make = (bookmarks: Bookmarks["Service"]) => {
  const lists = new Map<string, List.Record>()
  /** Memberships by `listId bookmarkId`. */
  const members = new Map<string, { readonly listId: ListId; readonly bookmarkId: BookmarkId; readonly at: number }>()
  const key = (listId: string, bookmarkId: string) => `${listId} ${bookmarkId}`
  const nameKey = List.nameKey

  const ofAccount = (accountId: string) => [...lists.values()].filter((l) => l.accountId === accountId)
  /** The existing bookmarks of a list. */
  const recordsOf = (listId: string) =>
    Effect.gen(function*() {
      const out: Array<Bookmark.Record> = []
      for (const member of [...members.values()].filter((m) => m.listId === listId)) {
        const found = yield* bookmarks.get(member.bookmarkId)
        if (Option.isSome(found)) out.push(found.value)
      }
      return out
    })
  const taken = (accountId: string, name: string, except: string) =>
    ofAccount(accountId).some((l) => l.id !== except && nameKey(l.name) === nameKey(name))

  // `list:"Name"` in the library's search: the named list and every list below it (docs/search.md).
  MemoryListView.register(bookmarks, (accountId, name) => {
    const own = ofAccount(accountId)
    const named = own.find((l) => nameKey(l.name) === nameKey(name.trim()))
    if (named === undefined) return new Set()
    const below = List.subtree(own, named.id)
    return new Set([...members.values()].filter((m) => below.has(m.listId)).map((m) => m.bookmarkId))
  })

  // A merge: the kept bookmark joins each list of the ones merged away (the earliest addition kept), theirs go.
  MemoryListView.registerMove(bookmarks, (record, from, to) => {
    const gone = new Set(from)
    // Iterating while writing is safe: the entries added are the kept bookmark's, skipped when reached.
    for (const [k, member] of members) {
      if (!gone.has(member.bookmarkId)) continue
      const kept = members.get(key(member.listId, to))
      if (kept === undefined || member.at < kept.at) {
        MemoryJournal.set(record, members, key(member.listId, to), { ...member, bookmarkId: to })
      }
      MemoryJournal.remove(record, members, k)
    }
  })

  return Lists.of({
    insert: (list, max) =>
      MemoryJournal.write((record) => {
        if (ofAccount(list.accountId).length >= max) return "full" as const
        if (taken(list.accountId, list.name, list.id)) return "taken" as const
        MemoryJournal.set(record, lists, list.id, list)
        return "inserted" as const
      }),
    get: (id) => Effect.sync(() => Option.fromNullishOr(lists.get(id))),
    list: (accountId) =>
      Effect.gen(function*() {
        const own = ofAccount(accountId)
        return yield* Effect.forEach(own, (list) =>
          Effect.map(recordsOf(list.id), (records): List.Summary => ({ ...list, count: records.length })))
      }).pipe(Effect.map((summaries) =>
        [...summaries].sort(List.byName)
      )),
    findByName: (accountId, name) =>
      Effect.sync(() =>
        Option.fromNullishOr(ofAccount(accountId).find((l) => nameKey(l.name) === nameKey(name.trim())))
      ),
    update: (list) =>
      MemoryJournal.write((record) => {
        if (!lists.has(list.id)) return "missing" as const
        if (taken(list.accountId, list.name, list.id)) return "taken" as const
        MemoryJournal.set(record, lists, list.id, list)
        return "updated" as const
      }),
    delete: (id) =>
      MemoryJournal.write((record) => {
        const gone = lists.get(id)
        if (gone === undefined) return false
        for (const child of [...lists.values()].filter((l) => l.parentId === id)) {
          MemoryJournal.set(record, lists, child.id, { ...child, parentId: gone.parentId })
        }
        for (const k of members.keys()) if (k.startsWith(`${id} `)) MemoryJournal.remove(record, members, k)
        return MemoryJournal.remove(record, lists, id)
      }),
    add: (id, bookmarkIds, at) =>
      Effect.gen(function*() {
        const list = lists.get(id)
        if (list === undefined) return 0
        const own: Array<BookmarkId> = []
        for (const bookmarkId of bookmarkIds) {
          const found = yield* bookmarks.get(bookmarkId)
          if (Option.isSome(found) && found.value.accountId === list.accountId) own.push(found.value.id)
        }
        return yield* MemoryJournal.write((record) => {
          let added = 0
          for (const bookmarkId of new Set(own)) {
            if (members.has(key(id, bookmarkId))) continue
            MemoryJournal.set(record, members, key(id, bookmarkId), { listId: id, bookmarkId, at })
            added++
          }
          return added
        })
      }),
    remove: (id, bookmarkIds) =>
      MemoryJournal.write((record) => {
        let removed = 0
        for (const bookmarkId of new Set(bookmarkIds)) {
          if (MemoryJournal.remove(record, members, key(id, bookmarkId))) removed++
        }
        return removed
      }),
    page: (id, query) =>
      Effect.map(recordsOf(id), (records) =>
        records
          .filter((r) => Option.match(query.before, { onNone: () => true, onSome: (b) => r.createdAt < b }))
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, query.limit)
          .map((r) => ({ ...r, pageText: "" }))),
    listsOf: (bookmarkId) =>
      Effect.gen(function*() {
        if (Option.isNone(yield* bookmarks.get(bookmarkId))) return []
        const out: Array<ListId> = []
        for (const member of members.values()) {
          if (member.bookmarkId === bookmarkId && lists.has(member.listId)) out.push(member.listId)
        }
        return out
      }),
    memberIds: (ids) =>
      Effect.map(
        Effect.forEach(ids, (id) => recordsOf(id)),
        (groups) => [...new Set(groups.flat().map((r) => r.id))]
      )
  })
}

export const layer = Layer.effect(Lists, Effect.map(Effect.service(Bookmarks), make))
