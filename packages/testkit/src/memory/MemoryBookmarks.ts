/** In-memory library: monotonic `createdAt` per account, effective-tag filter and a simple text search. */
import { Bookmark, Bookmarks, CreatedAt, ImportItem, Tags } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"
import { documentTokens, matches } from "./TextMatch.js"

export const make = () => {
  const rows = new Map<string, Bookmark.Record>()
  const lastCreated = new Map<string, number>()

  const searchable = (r: Bookmark.Record) => {
    const eff = Bookmark.effective(r)
    return documentTokens([eff.title, eff.description, r.derived.summary, eff.tags.join(" "), eff.note, r.pageText], r.url)
  }

  return Bookmarks.of({
    insert: ({ now, ...input }) =>
      Effect.sync(() => {
        const createdAt = CreatedAt.next(now, lastCreated.get(input.accountId))
        lastCreated.set(input.accountId, createdAt)
        const record: Bookmark.Record = { ...input, createdAt }
        rows.set(record.id, record)
        return record
      }),
    insertImported: (accountId, items) =>
      Effect.sync(() => {
        const own = [...rows.values()].filter((r) => r.accountId === accountId)
        const seen = new Set(own.map(ImportItem.duplicateKey))
        const takenAt = new Set(own.map((r) => r.createdAt))
        const duplicates: Array<number> = []
        const fresh = items.filter((item, index) => {
          const key = ImportItem.duplicateKey(item)
          if (seen.has(key)) {
            duplicates.push(index)
            return false
          }
          seen.add(key)
          return true
        })
        const stamps = CreatedAt.spread(fresh.map((item) => item.wantedAt), (at) => takenAt.has(at))
        const inserted = fresh.map(({ wantedAt: _wanted, ...item }, i): Bookmark.Record => {
          const record: Bookmark.Record = { ...item, createdAt: stamps[i] ?? 0 }
          rows.set(record.id, record)
          return record
        })
        const last = Math.max(lastCreated.get(accountId) ?? Number.NEGATIVE_INFINITY, ...stamps)
        if (Number.isFinite(last)) lastCreated.set(accountId, last)
        return { inserted, duplicates }
      }),
    get: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    list: (accountId, query) =>
      Effect.sync(() =>
        [...rows.values()]
          .filter((r) => r.accountId === accountId)
          .filter((r) => Option.match(query.before, { onNone: () => true, onSome: (b) => r.createdAt < b }))
          .filter((r) => Option.match(query.tag, { onNone: () => true, onSome: (t) => Tags.has(Bookmark.effective(r).tags, t) }))
          .filter((r) => Option.match(query.type, { onNone: () => true, onSome: (t) => r.derived.type === t }))
          .filter((r) => Option.match(query.q, { onNone: () => true, onSome: (q) => matches(searchable(r), q) }))
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, query.limit)
      ),
    complete: (id, enrichment) =>
      Effect.sync(() => {
        const found = rows.get(id)
        if (found === undefined || found.status !== "processing") return Option.none()
        const updated: Bookmark.Record = {
          ...found,
          status: "ready",
          derived: enrichment.derived,
          processingError: enrichment.processingError,
          pageText: enrichment.pageText
        }
        rows.set(id, updated)
        return Option.some(updated)
      }),
    edit: (id, overrides) =>
      Effect.sync(() => {
        const found = rows.get(id)
        if (found === undefined) return Option.none()
        const updated: Bookmark.Record = { ...found, overrides: { ...found.overrides, ...overrides } }
        rows.set(id, updated)
        return Option.some(updated)
      })
  })
}

export const layer = Layer.sync(Bookmarks, make)
