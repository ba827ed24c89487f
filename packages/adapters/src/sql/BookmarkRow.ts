/** A `bookmarks` row read into the domain's record, checked by hand: this runs for every row of every page. */
import { Bookmark, BookmarkId, AccountId, BookmarkType } from "@bookmark-library/domain"
import * as RowCheck from "./RowCheck.js"

export const columns = `id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
  title, description, type, image, favicon, screenshot, summary, derived_tags, overrides`

const source = RowCheck.oneOf(Bookmark.Source.literals)
const status = RowCheck.oneOf(Bookmark.Status.literals)
const type = RowCheck.oneOf(BookmarkType.all)

/** Only the fields present: an absent override must stay absent, not become `undefined`. */
const overrides = (row: RowCheck.Row): Bookmark.Overrides => {
  const value = RowCheck.object(row, "overrides")
  const title = RowCheck.optionalText(value, "title", "overrides")
  const description = RowCheck.optionalText(value, "description", "overrides")
  const tags = RowCheck.optionalTexts(value, "tags", "overrides")
  const note = RowCheck.optionalText(value, "note", "overrides")
  const typeText = RowCheck.optionalText(value, "type", "overrides")
  const edited = typeText === undefined ? undefined : type({ type: typeText }, "type")
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(tags === undefined ? {} : { tags }),
    ...(note === undefined ? {} : { note }),
    ...(edited === undefined ? {} : { type: edited })
  }
}

// The ids are plain strings in the schema too (the brands add no rule), so they are not validated again.
export const toRecord = (row: RowCheck.Row): Bookmark.Record => ({
  id: BookmarkId.make(RowCheck.text(row, "id"), { disableValidation: true }),
  accountId: AccountId.make(RowCheck.text(row, "account_id"), { disableValidation: true }),
  url: RowCheck.text(row, "url"),
  source: source(row, "source"),
  createdAt: RowCheck.int8(row, "created_at"),
  status: status(row, "status"),
  processingError: RowCheck.text(row, "processing_error"),
  callerTags: RowCheck.texts(row, "caller_tags"),
  note: RowCheck.text(row, "note"),
  derived: {
    title: RowCheck.text(row, "title"),
    description: RowCheck.text(row, "description"),
    // The column holds the effective type (an edited one wins, also in the type filter); see SqlBookmarks.
    type: type(row, "type"),
    image: RowCheck.text(row, "image"),
    favicon: RowCheck.text(row, "favicon"),
    screenshot: RowCheck.text(row, "screenshot"),
    summary: RowCheck.text(row, "summary"),
    tags: RowCheck.texts(row, "derived_tags")
  },
  overrides: overrides(row),
  pageText: RowCheck.text(row, "page_text")
})
