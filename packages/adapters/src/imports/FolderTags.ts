/**
 * Folders (and collections) become one tag: the folder path below the browser's own root folders, lower-cased,
 * segments joined by "/" (docs/import-export.md, "Folders become tags"). A path longer than a tag may be keeps its
 * innermost segments, the most specific part.
 */
import { Tags } from "@bookmark-library/domain"

/** The browsers' own top-level folders: not the person's organisation, so not tags. */
const roots = new Set([
  "bookmarks bar",
  "bookmarks toolbar",
  "bookmarks menu",
  "other bookmarks",
  "mobile bookmarks",
  "favorites",
  "favourites",
  "favorites bar",
  "favourites bar",
  "bookmarksbar",
  "bookmarksmenu",
  "menu",
  "toolbar",
  "unfiled",
  "bookmarks",
  "imported",
  "other favorites"
])

export const isRootName = (name: string): boolean => roots.has(name.trim().toLowerCase())

const clean = (segment: string) => segment.trim().replace(/\s+/g, " ").replace(/\//g, "-").toLowerCase()

/** The tag of a folder path (outermost first), or none when the path is empty. */
export const folderTag = (path: ReadonlyArray<string>): ReadonlyArray<string> => {
  const segments = path.map(clean).filter((s) => s !== "")
  if (segments.length === 0) return []
  let tag = segments.join("/")
  while (tag.length > Tags.maxTagLength && segments.length > 1) {
    segments.shift()
    tag = segments.join("/")
  }
  return [tag.slice(0, Tags.maxTagLength)]
}
