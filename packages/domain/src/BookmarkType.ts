/** The kinds of saved item: the four the spec shows plus `pdf` and `video` (DESIGN §4). */
import { Schema } from "effect"

export const BookmarkType = Schema.Literal("website", "article", "image", "textNote", "pdf", "video")
export type BookmarkType = typeof BookmarkType.Type

export const all: ReadonlyArray<BookmarkType> = BookmarkType.literals

export const isBookmarkType = Schema.is(BookmarkType)
