/**
 * In-memory highlights over the memory library (`MemoryHighlightIndex`): those of deleted bookmarks are dropped
 * when read, as the SQL foreign key drops them at once. Writes inside a MemoryTransactor block are taken back if it
 * fails.
 */
import {
  Bookmark,
  type BookmarkId,
  Bookmarks,
  Highlight,
  Highlights,
  type SearchQuery,
  Tags
} from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryHighlightIndex from "./MemoryHighlightIndex.js"
import * as MemoryJournal from "./MemoryJournal.js"
import { documentTokens, text } from "./TextMatch.js"

export const make = (bookmarks: Bookmarks["Service"]) => {
  const rows = MemoryHighlightIndex.of(bookmarks)

  /** The highlight with its bookmark, when the bookmark still exists (else it is dropped, as by the foreign key). */
  const live = (h: Highlight.Record) =>
    Effect.map(bookmarks.get(h.bookmarkId), (found) => {
      if (Option.isSome(found)) return Option.some({ highlight: h, bookmark: found.value })
      rows.delete(h.id)
      return Option.none()
    })
  const liveOf = (filter: (h: Highlight.Record) => boolean) =>
    Effect.map(
      Effect.forEach([...rows.values()].filter(filter), live),
      (found) => found.flatMap((o) => (Option.isSome(o) ? [o.value] : []))
    )

  return Highlights.of({
    insert: (h, max) =>
      Effect.gen(function*() {
        const bookmark = yield* bookmarks.get(h.bookmarkId)
        if (Option.isNone(bookmark) || bookmark.value.accountId !== h.accountId) return "missing" as const
        const existing = yield* liveOf((o) => o.bookmarkId === h.bookmarkId)
        if (existing.length >= max) return "full" as const
        return yield* MemoryJournal.write((record) => {
          MemoryJournal.set(record, rows, h.id, h)
          return "inserted" as const
        })
      }),
    get: (id) => Effect.map(liveOf((h) => h.id === id), (found) => Option.fromNullishOr(found[0]?.highlight)),
    update: (h) =>
      MemoryJournal.write((record) => {
        const found = rows.get(h.id)
        if (found === undefined) return false
        MemoryJournal.set(record, rows, h.id, { ...found, colour: h.colour, note: h.note, updatedAt: h.updatedAt })
        return true
      }),
    delete: (id) => MemoryJournal.write((record) => MemoryJournal.remove(record, rows, id)),
    ofBookmark: (bookmarkId) =>
      Effect.map(
        liveOf((h) => h.bookmarkId === bookmarkId),
        (found) =>
          found.map((f) => f.highlight).sort((a, b) =>
            a.start - b.start || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
          )
      ),
    counts: (bookmarkIds) =>
      Effect.map(liveOf((h) => bookmarkIds.includes(h.bookmarkId)), (found) => {
        const out = new Map<BookmarkId, number>()
        for (const { highlight } of found) out.set(highlight.bookmarkId, (out.get(highlight.bookmarkId) ?? 0) + 1)
        return out
      }),
    page: (accountId, query) =>
      Effect.map(liveOf((h) => h.accountId === accountId), (found) => {
        const words: SearchQuery.Node = {
          _tag: "And",
          nodes: query.words.map((w) => ({ _tag: "Word", text: w, prefix: false }))
        }
        return found
          .filter(({ highlight }) =>
            Option.match(query.before, { onNone: () => true, onSome: (c) => Highlight.isAfter(highlight, c) })
          )
          .filter(({ bookmark, highlight }) =>
            query.words.length === 0 ||
            (text(documentTokens([highlight.exact, highlight.note, Bookmark.effective(bookmark).title], ""), words) ??
              false)
          )
          .filter(({ bookmark }) =>
            Option.match(query.tag, {
              onNone: () => true,
              onSome: (tag) => Tags.has(Bookmark.effective(bookmark).tags, tag)
            })
          )
          .filter(({ highlight }) =>
            Option.match(query.bookmarkIds, { onNone: () => true, onSome: (ids) => ids.includes(highlight.bookmarkId) })
          )
          .map((f) => f.highlight)
          .sort(Highlight.newestFirst)
          .slice(0, query.limit)
      })
  })
}

export const layer = Layer.effect(Highlights, Effect.map(Effect.service(Bookmarks), make))
