/** The Bookmark resource: stored record, derived fields, app overrides and the API views. */
import { Schema } from "effect"
import type { Record } from "./BookmarkRecord.js"
import { AssetId } from "./Ids.js"
import * as Payload from "./Payload.js"
import * as Tags from "./Tags.js"
import * as Text from "./Text.js"
import * as Url from "./Url.js"

// The record and its rules, and the API views, live in their own modules; this one is the resource's one name.
export * from "./BookmarkRecord.js"
export * from "./BookmarkView.js"

export const maxNoteLength = 10_000

/** The caller's tags: a list, or one comma-separated string (docs/api.md, "Save a bookmark"). */
export const TagsInput = Schema.Union([
  Schema.Array(Text.field({ description: "A tag, or several separated by commas" })),
  Text.field({ description: "Tags separated by commas" })
]).annotate({
  description: `Extra tags: a list of strings or one comma-separated string. Each tag is trimmed; empty ones and ` +
    `case-insensitive duplicates are dropped; at most ${Tags.maxTags} tags of at most ${Tags.maxTagLength} characters.`
})

/** Body of `POST /bookmarks`. */
export const CreatePayload = Schema.Struct({
  url: Text.field({
    description: "The page to save: an absolute http or https URL without credentials. Stored normalised (WHATWG " +
      "serialization).",
    maxLength: Url.maxUrlLength
  }),
  tags: Schema.optionalKey(TagsInput),
  note: Schema.optionalKey(Text.field({ description: "The caller's own note.", maxLength: maxNoteLength }))
}).annotate({
  identifier: "CreateBookmark",
  description: "Only `url`, `tags` and `note` can be written; any other member is refused with 400.",
  ...Payload.strict
})
export type CreatePayload = typeof CreatePayload.Type

export const maxTitleLength = 1_000
export const maxDescriptionLength = 5_000

/**
 * A text note has no page: its `url` is the empty string (docs/decisions.md, "Text notes"), its title and text are
 * what the person wrote, and enrichment only analyses that text.
 */
export const noteUrl = ""

export const isNote = (record: Record): boolean => record.url === noteUrl

const isAssetId = Schema.is(AssetId)

/**
 * The asset id of the screenshot, when the bookmark has one (storage keeps the id: docs/decisions.md, "Asset links").
 */
export const screenshotAsset = (record: Record): AssetId | undefined =>
  isAssetId(record.derived.screenshot) ? record.derived.screenshot : undefined

/** The asset id of the bookmark's archived copy, when it has one. */
export const copyAsset = (record: Record): AssetId | undefined => {
  const asset = record.derived.archive?.copy?.asset
  return asset !== undefined && isAssetId(asset) ? asset : undefined
}

/** Every asset the bookmark holds: screenshot, card picture, icon and archived copy (deleted with it). */
export const assets = (record: Record): ReadonlyArray<AssetId> =>
  [record.derived.screenshot, record.derived.thumbnail ?? "", record.derived.icon ?? "", copyAsset(record) ?? ""]
    .filter(isAssetId)
