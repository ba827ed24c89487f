/** The search language over in-memory records, as `SearchQuery.condition` runs it in SQL (docs/search.md). */
import {
  Bookmark,
  CanonicalUrl,
  ContentHash,
  Duplicates,
  LinkHealth,
  SearchQuery as Q,
  Tags
} from "@bookmark-library/domain"
import { documentTokens, text } from "./TextMatch.js"

/** What a query sees of the whole library besides the record itself. */
export interface Library {
  /** Ids of the account's records that have a duplicate (same canonical URL or same content). */
  readonly duplicated: ReadonlySet<string>
  /** The ids of the bookmarks in the list of that name or any list below it (none for an unknown name). */
  readonly inList: (name: string) => ReadonlySet<string>
  /** The texts (quote and note) of each highlighted bookmark's highlights; absent: none. */
  readonly highlights?: ReadonlyMap<string, ReadonlyArray<string>>
}

const searchable = (r: Bookmark.Record) => {
  const eff = Bookmark.effective(r)
  return documentTokens(
    [eff.title, eff.description, r.derived.summary, eff.tags.join(" "), eff.note, r.pageText],
    r.url
  )
}

const state = (r: Bookmark.Record, name: Q.State, library: Library): boolean => {
  switch (name) {
    case "favourite":
      return r.favourite === true
    case "archived":
      return r.archived === true
    case "unread":
      return r.archived !== true
    case "broken":
      return LinkHealth.isBroken(r.health)
    case "moved":
    case "gone":
    case "unreachable":
      return r.health?.state === name
    case "failed":
      return r.status === "ready" && r.processingError !== ""
    case "processing":
      return r.status === "processing"
    case "duplicate":
      return library.duplicated.has(r.id)
    case "highlighted":
      return (library.highlights?.get(r.id)?.length ?? 0) > 0
  }
}

/** Whether a full-text node has a `-` anywhere: such a node reads the bookmark's own text only. */
const negates = (node: Q.Node): boolean =>
  node._tag === "Not" || ((node._tag === "And" || node._tag === "Or") && node.nodes.some(negates))

/** A full-text node against the bookmark's text, or (words only, no `-`) against one of its highlights. */
const textMatches = (r: Bookmark.Record, node: Q.Node, library: Library): boolean =>
  (text(searchable(r), node) ?? false) ||
  (!negates(node) && (library.highlights?.get(r.id) ?? []).some((t) => text(documentTokens([t], ""), node) ?? false))

/** Whether `r` matches `node`; the words of one AND are one full-text match, as in SQL. */
export const matches = (r: Bookmark.Record, node: Q.Node, library: Library): boolean => {
  if (Q.isText(node)) return textMatches(r, node, library)
  switch (node._tag) {
    case "Tag":
      return Tags.has(Bookmark.effective(r).tags, node.tag)
    case "Site":
      return CanonicalUrl.withinSite(CanonicalUrl.site(r.url), node.host)
    case "Type":
      return Bookmark.effective(r).type === node.type
    case "InList":
      return library.inList(node.name).has(r.id)
    case "Is":
      return state(r, node.state, library)
    case "Saved":
      return node.when === "before" ? r.createdAt < Q.savedBound(node) : r.createdAt >= Q.savedBound(node)
    case "Not":
      return !matches(r, node.node, library)
    case "Or":
      return node.nodes.some((n) => matches(r, n, library))
    case "And": {
      const words = node.nodes.filter(Q.isText)
      const wordsMatch = words.length === 0 || textMatches(r, { _tag: "And", nodes: words }, library)
      return wordsMatch && node.nodes.filter((n) => !Q.isText(n)).every((n) => matches(r, n, library))
    }
    default:
      return false
  }
}

/** A record's content hash, as SQL stores it at every write of the page text. */
export const contentOf = (r: Bookmark.Record): string => ContentHash.of(r.pageText)

/** The ids of `records` that are in a group of duplicates (`Duplicates.groups`, by canonical URL or content). */
export const duplicated = (records: ReadonlyArray<Bookmark.Record>): Set<string> =>
  new Set(Duplicates.groups(records, contentOf).flat().map((r) => r.id))
