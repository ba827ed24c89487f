/**
 * In-memory library: monotonic `createdAt` per account, effective-tag filter and a simple text search. Writes inside
 * a MemoryTransactor block are taken back if it fails.
 */
import { Bookmark, Bookmarks, CreatedAt, ImportItem, Tags } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import { documentTokens, matches } from "./TextMatch.js"

export const make = () => {
  const rows = new Map<string, Bookmark.Record>()
  const lastCreated = new Map<string, number>()

  const searchable = (r: Bookmark.Record) => {
    const eff = Bookmark.effective(r)
    return documentTokens([eff.title, eff.description, r.derived.summary, eff.tags.join(" "), eff.note, r.pageText], r.url)
  }

  const change = (id: string, f: (found: Bookmark.Record) => Option.Option<Bookmark.Record>) =>
    MemoryJournal.write((record) => {
      const found = rows.get(id)
      const updated = found === undefined ? Option.none() : f(found)
      if (Option.isSome(updated)) MemoryJournal.set(record, rows, id, updated.value)
      return updated
    })

  return Bookmarks.of({
    insert: ({ now, ...input }) =>
      MemoryJournal.write((record) => {
        const createdAt = CreatedAt.next(now, lastCreated.get(input.accountId))
        MemoryJournal.set(record, lastCreated, input.accountId, createdAt)
        const inserted: Bookmark.Record = { ...input, createdAt }
        MemoryJournal.set(record, rows, inserted.id, inserted)
        return inserted
      }),
    insertImported: (accountId, items) =>
      MemoryJournal.write((record) => {
        const own = [...rows.values()].filter((r) => r.accountId === accountId)
        const seen = new Set(own.map(ImportItem.duplicateKey))
        const takenAt = new Set(own.map((r) => r.createdAt))
        const { duplicates, fresh } = ImportItem.withoutDuplicates(items, seen)
        const stamps = CreatedAt.spread(fresh.map((item) => item.wantedAt), (at) => takenAt.has(at))
        const inserted = fresh.map(({ wantedAt: _wanted, ...item }, i): Bookmark.Record => {
          const imported: Bookmark.Record = { ...item, createdAt: stamps[i] ?? 0 }
          MemoryJournal.set(record, rows, imported.id, imported)
          return imported
        })
        const last = Math.max(lastCreated.get(accountId) ?? Number.NEGATIVE_INFINITY, ...stamps)
        if (Number.isFinite(last)) MemoryJournal.set(record, lastCreated, accountId, last)
        return { inserted, duplicates }
      }),
    get: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    list: (accountId, query) =>
      Effect.sync(() =>
        [...rows.values()]
          .filter((r) => r.accountId === accountId)
          .filter((r) => Option.match(query.before, { onNone: () => true, onSome: (b) => r.createdAt < b }))
          .filter((r) => Option.match(query.tag, { onNone: () => true, onSome: (t) => Tags.has(Bookmark.effective(r).tags, t) }))
          .filter((r) => Option.match(query.type, { onNone: () => true, onSome: (t) => Bookmark.effective(r).type === t }))
          .filter((r) => Option.match(query.url ?? Option.none(), { onNone: () => true, onSome: (u) => r.url === u }))
          .filter((r) => Option.match(query.q, { onNone: () => true, onSome: (q) => matches(searchable(r), q) }))
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, query.limit)
      ),
    tags: (accountId) =>
      Effect.sync(() => {
        const counts = new Map<string, Tags.TagCount>()
        const newestFirst = [...rows.values()].filter((r) => r.accountId === accountId).sort((a, b) => b.createdAt - a.createdAt)
        for (const record of newestFirst) {
          for (const tag of Bookmark.effective(record).tags) {
            const key = Tags.tagKey(tag)
            counts.set(key, { tag: counts.get(key)?.tag ?? tag, count: (counts.get(key)?.count ?? 0) + 1 })
          }
        }
        return [...counts.values()].sort(Tags.byUse)
      }),
    complete: (id, enrichment) =>
      change(id, (found) =>
        found.status !== "processing" ? Option.none() : Option.some({
          ...found,
          status: "ready",
          derived: enrichment.derived,
          processingError: enrichment.processingError,
          pageText: enrichment.pageText
        })),
    pending: (id, processingError) =>
      Effect.map(
        change(id, (found) => found.status !== "processing" ? Option.none() : Option.some({ ...found, processingError })),
        Option.isSome
      ),
    restart: (id) =>
      change(id, (found) =>
        found.status === "processing" ? Option.none() : Option.some({ ...found, status: "processing", processingError: "" })),
    delete: (id) => MemoryJournal.write((record) => MemoryJournal.remove(record, rows, id)),
    edit: (id, overrides) =>
      change(id, (found) => Option.some({ ...found, overrides: { ...found.overrides, ...overrides } }))
  })
}

export const layer = Layer.sync(Bookmarks, make)
