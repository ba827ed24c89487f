/**
 * Duplicates (docs/search.md, "Duplicates"): bookmarks of one account whose URLs have the same canonical form
 * (CanonicalUrl.ts), and the rule by which a merge keeps one of them.
 */
import * as Bookmark from "./Bookmark.js"
import * as CanonicalUrl from "./CanonicalUrl.js"
import * as Tags from "./Tags.js"

/** At most this many bookmarks are merged at once. */
export const maxMerge = 100

/**
 * What a merge keeps: the earliest bookmark (its id and `createdAt`), carrying the union of every one's effective
 * tags (the kept one's first, then the others' oldest first, case ignored) and their distinct notes, oldest first,
 * one paragraph each. Favourite when any was; archived only when all were, so nothing unread is hidden.
 */
export const merged = (records: readonly [Bookmark.Record, ...Array<Bookmark.Record>]): Bookmark.Record => {
  const sorted = [...records].sort((a, b) => a.createdAt - b.createdAt)
  const [kept = records[0]] = sorted
  const effective = sorted.map(Bookmark.effective)
  const tags = Tags.merge(effective.flatMap((e) => e.tags), [])
  const notes = [...new Set(effective.map((e) => e.note.trim()).filter((note) => note !== ""))]
  const note = notes.join("\n\n").slice(0, Bookmark.maxNoteLength)
  const keptEffective = Bookmark.effective(kept)
  const overrides: Bookmark.Overrides = {
    ...kept.overrides,
    ...(tags.length === keptEffective.tags.length ? {} : { tags }),
    ...(note === keptEffective.note ? {} : { note })
  }
  return Bookmark.withStates({ ...kept, overrides }, {
    favourite: sorted.some((r) => r.favourite === true),
    archived: sorted.every((r) => r.archived === true)
  })
}

/**
 * Records grouped as duplicates, each group oldest first, only groups of two or more: two records are in one group
 * when they share a canonical URL (text notes never do) or a content hash (`contentOf`, "" for none; docs/search.md,
 * "Duplicates by content"), and so on transitively (a page saved twice that also appears under another address is
 * one group, merged in one step).
 */
export const groups = (
  records: ReadonlyArray<Bookmark.Record>,
  contentOf: (record: Bookmark.Record) => string = () => ""
): Array<Array<Bookmark.Record>> => {
  // Union-find over record indexes, joined by each key's first holder.
  const parent = records.map((_, i) => i)
  const root = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r] ?? r
    parent[i] = r
    return r
  }
  const firstWith = new Map<string, number>()
  records.forEach((record, i) => {
    for (const key of [`u ${CanonicalUrl.canonical(record.url)}`, `c ${contentOf(record)}`]) {
      if (key.length === 2) continue
      const first = firstWith.get(key)
      if (first === undefined) firstWith.set(key, i)
      else parent[root(i)] = root(first)
    }
  })
  const byRoot = new Map<number, Array<Bookmark.Record>>()
  records.forEach((record, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), record]))
  return [...byRoot.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort((a, b) => a.createdAt - b.createdAt))
    .sort((a, b) => newest(b) - newest(a))
}

const newest = (group: ReadonlyArray<Bookmark.Record>) => Math.max(...group.map((r) => r.createdAt))
