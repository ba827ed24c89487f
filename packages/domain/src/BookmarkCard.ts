/**
 * A bookmark as the web app shows it: the full view plus what only the app needs: links to its stored card picture
 * and icon, the person's tags apart from generated ones, and the save time in epoch ms (docs/web.md, "Cards").
 */
import * as Bookmark from "./Bookmark.js"
import * as Links from "./ports/Links.js"

export interface Card {
  readonly bookmark: Bookmark.Bookmark
  /** Link of the card's picture (our own asset route), or "". */
  readonly thumbnail: string
  /** Link of the stored site icon, or "". */
  readonly icon: string
  /** The person's tags: given at saving, or all of them once edited. */
  readonly ownTags: ReadonlyArray<string>
  /** Tags enrichment generated, shown apart and collapsed. */
  readonly generatedTags: ReadonlyArray<string>
  readonly createdAtMs: number
}

export const of = (record: Bookmark.Record, links: Links.Links["Service"]): Card => {
  const bookmark = Bookmark.present(record, links)
  return {
    bookmark,
    thumbnail: Links.screenshot(links, record.derived.thumbnail ?? ""),
    icon: Links.screenshot(links, record.derived.icon ?? ""),
    ownTags: Bookmark.personTags(record),
    generatedTags: Bookmark.generatedTags(record),
    createdAtMs: record.createdAt
  }
}
