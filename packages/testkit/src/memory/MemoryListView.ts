/**
 * What the memory library sees of the memory lists: `list:"Name"` (docs/search.md) needs the members of a list and
 * of the lists below it, and a merge moves the memberships of the bookmarks merged away, but the lists store is built
 * on top of the library (it reads bookmarks), not the other way. The lists store registers its view and its move here
 * under the library it was built on; a library without lists sees none and moves nothing.
 */
import type { BookmarkId, Bookmarks } from "@bookmark-library/domain"
import type * as MemoryJournal from "./MemoryJournal.js"

/** The ids of the bookmarks in the account's list named `name` (case ignored) or any list below it. */
export type View = (accountId: string, name: string) => ReadonlySet<string>

const views = new WeakMap<Bookmarks["Service"], View>()

export const register = (bookmarks: Bookmarks["Service"], view: View): void => {
  views.set(bookmarks, view)
}

const none: View = () => new Set()

export const of = (bookmarks: Bookmarks["Service"]): View => views.get(bookmarks) ?? none

/** Gives the lists of the bookmarks `from` to the bookmark `to` (once per list) and drops theirs, undoably. */
export type Move = (record: MemoryJournal.Record, from: ReadonlyArray<string>, to: BookmarkId) => void

const moves = new WeakMap<Bookmarks["Service"], Move>()

export const registerMove = (bookmarks: Bookmarks["Service"], move: Move): void => {
  moves.set(bookmarks, move)
}

export const moveOf = (bookmarks: Bookmarks["Service"]): Move => moves.get(bookmarks) ?? (() => {})
