/**
 * The highlights of a memory library, shared by its two twins: `MemoryHighlights` writes them and the library's
 * search reads them (`is:highlighted`, words of quotes and notes), as SQL reads the `highlights` table from a
 * bookmarks query. Keyed by the memory `Bookmarks` service, so each library has its own.
 */
import type { Bookmarks, Highlight } from "@bookmark-library/domain"

const indexes = new WeakMap<object, Map<string, Highlight.Record>>()

/** Made by the memory library with its service. */
export const attach = (bookmarks: Bookmarks["Service"], index: Map<string, Highlight.Record>): void => {
  indexes.set(bookmarks, index)
}

/** The highlights of the library behind `bookmarks` (created empty on first use). */
export const of = (bookmarks: Bookmarks["Service"]): Map<string, Highlight.Record> => {
  const found = indexes.get(bookmarks)
  if (found !== undefined) return found
  const created = new Map<string, Highlight.Record>()
  indexes.set(bookmarks, created)
  return created
}

/** Texts of each highlighted bookmark's highlights (quote and note), by bookmark id. */
export const textsByBookmark = (index: ReadonlyMap<string, Highlight.Record>): Map<string, Array<string>> => {
  const out = new Map<string, Array<string>>()
  for (const h of index.values()) out.set(h.bookmarkId, [...(out.get(h.bookmarkId) ?? []), `${h.exact} ${h.note}`])
  return out
}
