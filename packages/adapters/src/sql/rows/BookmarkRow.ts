/**
 * Hot path, hand-checked: see docs/architecture.md. A `bookmarks` row read into the domain's record: this runs for
 * every row of every page.
 */
import { AccountId, Bookmark, BookmarkId, BookmarkType, LinkHealth } from "@bookmark-library/domain"
import * as ArchiveColumn from "./ArchiveColumn.js"
import * as RowCheck from "./RowCheck.js"

export const columns = `id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
  title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, thumbnail, icon, archive,
  favourite, archived, link_state, link_checked_at, link_failures, link_moved_to`

const source = RowCheck.oneOf(Bookmark.Source.literals)
const status = RowCheck.oneOf(Bookmark.Status.literals)
const type = RowCheck.oneOf(BookmarkType.all)
const linkState = RowCheck.oneOf(LinkHealth.State.literals)

/** The link's health, absent until its first check (`link_checked_at` NULL); '' state and moved-to read as absent. */
export const health = (row: RowCheck.Row): LinkHealth.Health | undefined => {
  const checkedAt = RowCheck.nullableInt8(row, "link_checked_at")
  if (checkedAt === null) return undefined
  const state = RowCheck.text(row, "link_state")
  const movedTo = RowCheck.text(row, "link_moved_to")
  return {
    ...(state === "" ? {} : { state: linkState(row, "link_state") }),
    checkedAt,
    failures: RowCheck.int8(row, "link_failures"),
    ...(movedTo === "" ? {} : { movedTo })
  }
}

/** Only the fields present: an absent override must stay absent, not become `undefined`. */
const overrides = (row: RowCheck.Row): Bookmark.Overrides => {
  const value = RowCheck.object(row, "overrides")
  const title = RowCheck.optionalText(value, "title", "overrides")
  const description = RowCheck.optionalText(value, "description", "overrides")
  const tags = RowCheck.optionalTexts(value, "tags", "overrides")
  const note = RowCheck.optionalText(value, "note", "overrides")
  const typeText = RowCheck.optionalText(value, "type", "overrides")
  const edited = typeText === undefined ? undefined : type({ type: typeText }, "type")
  const acceptedTags = RowCheck.optionalTexts(value, "acceptedTags", "overrides")
  const droppedTags = RowCheck.optionalTexts(value, "droppedTags", "overrides")
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(tags === undefined ? {} : { tags }),
    ...(note === undefined ? {} : { note }),
    ...(edited === undefined ? {} : { type: edited }),
    ...(acceptedTags === undefined ? {} : { acceptedTags }),
    ...(droppedTags === undefined ? {} : { droppedTags })
  }
}

const optionalAsset = <K extends "thumbnail" | "icon">(row: RowCheck.Row, column: K) => {
  const value = RowCheck.text(row, column)
  return value === "" ? {} : ({ [column]: value } as { readonly [P in K]: string })
}

// The ids are plain strings in the schema too (the brands add no rule), so they are not validated again.
export const toRecord = (row: RowCheck.Row): Bookmark.Record => {
  const archive = ArchiveColumn.read(row)
  const checked = health(row)
  return {
    id: BookmarkId.make(RowCheck.text(row, "id"), { disableChecks: true }),
    accountId: AccountId.make(RowCheck.text(row, "account_id"), { disableChecks: true }),
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
      tags: RowCheck.texts(row, "derived_tags"),
      // Optional in the record: "" (no picture) reads as absent, as a record written without them has it.
      ...optionalAsset(row, "thumbnail"),
      ...optionalAsset(row, "icon"),
      ...(archive === undefined ? {} : { archive })
    },
    overrides: overrides(row),
    pageText: RowCheck.text(row, "page_text"),
    // Only the single-bookmark reads select it; null (never kept) and "" read as absent.
    ...(typeof row["page_markdown"] === "string" && row["page_markdown"] !== ""
      ? { pageMarkdown: row["page_markdown"] }
      : {}),
    // A state that is off stays absent, as in a record that never had it (Bookmark.Record).
    ...(RowCheck.boolean(row, "favourite") ? { favourite: true } : {}),
    ...(RowCheck.boolean(row, "archived") ? { archived: true } : {}),
    ...(checked === undefined ? {} : { health: checked })
  }
}
