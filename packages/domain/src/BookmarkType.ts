/**
 * The kinds of saved item: `website`, `article`, `image`, `textNote`, plus `pdf` and `video` (docs/decisions.md,
 * "Bookmarks").
 */
import { Schema } from "effect"

export const BookmarkType = Schema.Literals(["website", "article", "image", "textNote", "pdf", "video"])
export type BookmarkType = typeof BookmarkType.Type

export const all: ReadonlyArray<BookmarkType> = BookmarkType.literals

export const isBookmarkType = Schema.is(BookmarkType)
