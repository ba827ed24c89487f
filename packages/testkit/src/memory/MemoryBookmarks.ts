/**
 * In-memory library: monotonic `createdAt` per account, effective-tag filter and a simple text search. Writes inside
 * a MemoryTransactor block are taken back if it fails.
 */
import {
  Bookmark,
  type BookmarkId,
  Bookmarks,
  CanonicalUrl,
  CreatedAt,
  Duplicates,
  type Highlight,
  ImportItem,
  type Pagination,
  TagEdits,
  Tags
} from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryHighlightIndex from "./MemoryHighlightIndex.js"
import * as MemoryJournal from "./MemoryJournal.js"
import * as MemoryListView from "./MemoryListView.js"
import * as MemorySearch from "./MemorySearch.js"

/** The orders of `Pagination.ListOrder`, as SQL sorts them (`lower()` of the effective title, then oldest first). */
const orderOf = (order: Pagination.ListOrder) => (a: Bookmark.Record, b: Bookmark.Record): number => {
  if (order === "newest") return b.createdAt - a.createdAt
  if (order === "title") {
    const x = Bookmark.effective(a).title.toLowerCase()
    const y = Bookmark.effective(b).title.toLowerCase()
    // Untitled bookmarks (still processing, or a page without a title) come last.
    if ((x === "") !== (y === "")) return x === "" ? 1 : -1
    if (x !== y) return x < y ? -1 : 1
  }
  return a.createdAt - b.createdAt
}

export const make = () => {
  const rows = new Map<string, Bookmark.Record>()
  const lastCreated = new Map<string, number>()
  /** When each bookmark's link is due for a check (absent: never scheduled, due `firstAfter` after its save). */
  const linkDue = new Map<string, number>()

  const own = (accountId: string) => [...rows.values()].filter((r) => r.accountId === accountId)

  const change = (id: string, f: (found: Bookmark.Record) => Option.Option<Bookmark.Record>) =>
    MemoryJournal.write((record) => {
      const found = rows.get(id)
      const updated = found === undefined ? Option.none() : f(found)
      if (Option.isSome(updated)) MemoryJournal.set(record, rows, id, updated.value)
      return updated
    })

  const highlights = new Map<string, Highlight.Record>()
  const service: Bookmarks["Service"] = Bookmarks.of({
    insert: ({ now, ...input }) =>
      MemoryJournal.write((record) => {
        const createdAt = CreatedAt.next(now, lastCreated.get(input.accountId))
        MemoryJournal.set(record, lastCreated, input.accountId, createdAt)
        const inserted: Bookmark.Record = { ...input, createdAt }
        MemoryJournal.set(record, rows, inserted.id, inserted)
        return inserted
      }),
    insertImported: (accountId, items, policy) =>
      MemoryJournal.write((record) => {
        const own = [...rows.values()].filter((r) => r.accountId === accountId)
        const takenAt = new Set(own.map((r) => r.createdAt))
        const { duplicates, fresh } = policy === "keep"
          ? { fresh: items, duplicates: [] }
          : ImportItem.withoutDuplicates(items, new Set(own.map(ImportItem.duplicateKey)))
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
    get: (id) => Effect.sync(() => Option.fromNullishOr(rows.get(id))),
    getWithHighlights: (id) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr(rows.get(id)), (record) => ({
          record,
          highlights: [...highlights.values()].filter((h) => h.bookmarkId === id).length
        }))
      ),
    list: (accountId, query) =>
      Effect.sync(() => {
        const lists = MemoryListView.of(service)
        const members = new Map<string, ReadonlySet<string>>()
        const library: MemorySearch.Library = {
          duplicated: MemorySearch.duplicated(own(accountId)),
          inList: (name) => {
            const found = members.get(name) ?? lists(accountId, name)
            members.set(name, found)
            return found
          },
          highlights: MemoryHighlightIndex.textsByBookmark(highlights)
        }
        return own(accountId)
          .filter((r) => Option.match(query.before, { onNone: () => true, onSome: (b) => r.createdAt < b }))
          .filter((r) =>
            Option.match(query.tag, { onNone: () => true, onSome: (t) => Tags.has(Bookmark.effective(r).tags, t) })
          )
          .filter((r) =>
            Option.match(query.type, { onNone: () => true, onSome: (t) => Bookmark.effective(r).type === t })
          )
          .filter((r) => Option.match(query.url ?? Option.none(), { onNone: () => true, onSome: (u) => r.url === u }))
          .filter((r) =>
            Option.match(query.q, { onNone: () => true, onSome: (q) => MemorySearch.matches(r, q, library) })
          )
          .filter((r) =>
            Option.match(query.since ?? Option.none(), { onNone: () => true, onSome: (s) => r.createdAt >= s })
          )
          .sort(orderOf(query.order ?? "newest"))
          .slice(query.offset ?? 0, (query.offset ?? 0) + query.limit)
      }),
    tags: (accountId) =>
      Effect.sync(() => {
        const counts = new Map<string, Tags.TagCount>()
        const newestFirst = [...rows.values()].filter((r) => r.accountId === accountId).sort((a, b) =>
          b.createdAt - a.createdAt
        )
        for (const record of newestFirst) {
          for (const tag of Bookmark.effective(record).tags) {
            const key = Tags.tagKey(tag)
            counts.set(key, { tag: counts.get(key)?.tag ?? tag, count: (counts.get(key)?.count ?? 0) + 1 })
          }
        }
        return [...counts.values()].sort(Tags.byUse)
      }),
    retag: (accountId, edit) =>
      MemoryJournal.write((record) => {
        const keys = new Set(edit.from.map(Tags.tagKey))
        let changed = 0
        for (const found of rows.values()) {
          if (found.accountId !== accountId) continue
          if (!Bookmark.effective(found).tags.some((t) => keys.has(Tags.tagKey(t)))) continue
          MemoryJournal.set(record, rows, found.id, TagEdits.applyToRecord(found, edit))
          changed++
        }
        return changed
      }),
    editTags: (accountId, ids, tagChange) =>
      MemoryJournal.write((record) => {
        const found: Array<BookmarkId> = []
        const full: Array<BookmarkId> = []
        for (const id of new Set(ids)) {
          const row = rows.get(id)
          if (row === undefined || row.accountId !== accountId) continue
          found.push(row.id)
          const next = TagEdits.applyChange(row, tagChange)
          if (next === "full") full.push(row.id)
          else if (next !== "same") MemoryJournal.set(record, rows, row.id, next)
        }
        return { found, full }
      }),
    complete: (id, enrichment) =>
      change(
        id,
        ({ pageMarkdown: _previous, ...found }) =>
          found.status !== "processing" ? Option.none() : Option.some({
            ...found,
            status: "ready",
            derived: enrichment.derived,
            processingError: enrichment.processingError,
            pageText: enrichment.pageText,
            // Kept only when there is some, as the SQL stores read it back.
            ...(enrichment.pageMarkdown ? { pageMarkdown: enrichment.pageMarkdown } : {})
          })
      ),
    pending: (id, processingError) =>
      Effect.map(
        change(
          id,
          (found) => found.status !== "processing" ? Option.none() : Option.some({ ...found, processingError })
        ),
        Option.isSome
      ),
    restart: (id) =>
      change(
        id,
        (found) =>
          found.status === "processing"
            ? Option.none()
            : Option.some({ ...found, status: "processing", processingError: "" })
      ),
    restartWithArchive: (id, archive) =>
      change(
        id,
        (found) =>
          found.status === "processing"
            ? Option.none()
            : Option.some({
              ...found,
              status: "processing",
              processingError: "",
              derived: { ...found.derived, archive }
            })
      ),
    delete: (id) => MemoryJournal.write((record) => MemoryJournal.remove(record, rows, id)),
    setStates: (id, states) => change(id, (found) => Option.some(Bookmark.withStates(found, states))),
    sameUrl: (accountId, url, limit) =>
      Effect.sync(() => {
        const canonical = CanonicalUrl.canonical(url)
        return canonical === ""
          ? []
          : own(accountId)
            .filter((r) => CanonicalUrl.canonical(r.url) === canonical)
            .sort((a, b) => b.createdAt - a.createdAt)
            .slice(0, limit)
      }),
    duplicateGroups: (accountId, limit) =>
      Effect.sync(() => Duplicates.groups(own(accountId), MemorySearch.contentOf).slice(0, limit)),
    merge: (accountId, ids) =>
      MemoryJournal.write((record) => {
        const wanted = [...new Set(ids)]
        const found = wanted.flatMap((id) => {
          const r = rows.get(id)
          return r !== undefined && r.accountId === accountId ? [r] : []
        })
        const [first, ...rest] = found
        if (first === undefined || found.length !== wanted.length) return Option.none()
        const kept = Duplicates.merged([first, ...rest])
        const removed = found.filter((r) => r.id !== kept.id)
        MemoryJournal.set(record, rows, kept.id, kept)
        // Nothing hanging on the others is lost: their highlights and list memberships move to the kept one.
        const gone = new Set<string>(removed.map((r) => r.id))
        for (const h of highlights.values()) {
          if (gone.has(h.bookmarkId)) MemoryJournal.set(record, highlights, h.id, { ...h, bookmarkId: kept.id })
        }
        MemoryListView.moveOf(service)(record, [...gone], kept.id)
        for (const r of removed) MemoryJournal.remove(record, rows, r.id)
        return Option.some({ kept, removed })
      }),
    edit: (id, overrides) =>
      change(id, (found) => Option.some({ ...found, overrides: { ...found.overrides, ...overrides } })),
    claimLinkChecks: ({ firstAfter, lease, max, now }) =>
      MemoryJournal.write((record) => {
        const due = [...rows.values()]
          .filter((r) => r.url !== "" && r.status === "ready")
          .filter((r) => (linkDue.get(r.id) ?? r.createdAt + firstAfter) <= now)
          .sort((a, b) => (linkDue.get(a.id) ?? a.createdAt) - (linkDue.get(b.id) ?? b.createdAt))
          .slice(0, max)
        for (const r of due) MemoryJournal.set(record, linkDue, r.id, now + lease)
        return due.map((r) => ({ id: r.id, url: r.url, health: r.health }))
      }),
    recordLinkCheck: (id, health, nextAt) =>
      MemoryJournal.write((record) => {
        const found = rows.get(id)
        if (found === undefined) return false
        MemoryJournal.set(record, rows, id, { ...found, health })
        MemoryJournal.set(record, linkDue, id, nextAt)
        return true
      }),
    postponeLinkCheck: (id, at) =>
      MemoryJournal.write((record) => {
        if (rows.has(id)) MemoryJournal.set(record, linkDue, id, at)
      })
  })
  MemoryHighlightIndex.attach(service, highlights)
  return service
}

export const layer = Layer.sync(Bookmarks, make)
