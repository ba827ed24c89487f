/** The Bookmark resource: stored record, derived fields, app overrides and the API views. */
import { Schema } from "effect"
import { AccountId, AssetId, BookmarkId } from "./Ids.js"
import { all as allTypes, BookmarkType } from "./BookmarkType.js"
import * as Links from "./Links.js"
import * as Payload from "./Payload.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"
import * as Tags from "./Tags.js"
import * as Text from "./Text.js"
import * as Url from "./Url.js"

export const Status = Schema.Literal("processing", "ready")
export type Status = typeof Status.Type

export const Source = Schema.Literal("api", "app", "extension", "mcp", "import")
export type Source = typeof Source.Type

/** Fields derived from the page by enrichment. */
export const Derived = Schema.Struct({
  title: Schema.String,
  description: Schema.String,
  type: BookmarkType,
  image: Schema.String,
  favicon: Schema.String,
  /** The asset id of the full-page screenshot ("" when none); answers carry its link (`Links`). */
  screenshot: Schema.String,
  summary: Schema.String,
  tags: Schema.Array(Schema.String)
})
export type Derived = typeof Derived.Type

export const emptyDerived: Derived = {
  title: "",
  description: "",
  type: "website",
  image: "",
  favicon: "",
  screenshot: "",
  summary: "",
  tags: []
}

/** Values edited in the app; each one present replaces the derived or saved value. */
export const Overrides = Schema.Struct({
  title: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  tags: Schema.optional(Schema.Array(Schema.String)),
  note: Schema.optional(Schema.String),
  type: Schema.optional(BookmarkType)
})
export type Overrides = typeof Overrides.Type

/** What storage keeps for a bookmark. `createdAt` is epoch ms, unique and increasing per account. */
export const Record = Schema.Struct({
  id: BookmarkId,
  accountId: AccountId,
  url: Schema.String,
  source: Source,
  createdAt: Schema.Number,
  status: Status,
  processingError: Schema.String,
  callerTags: Schema.Array(Schema.String),
  note: Schema.String,
  derived: Derived,
  overrides: Overrides,
  pageText: Schema.String
})
export type Record = typeof Record.Type

/** The effective values a reader sees: overrides win, tags are caller's then generated. */
export const effective = (record: Record) => ({
  title: record.overrides.title ?? record.derived.title,
  description: record.overrides.description ?? record.derived.description,
  tags: record.overrides.tags ?? Tags.merge(record.callerTags, record.derived.tags),
  note: record.overrides.note ?? record.note,
  type: record.overrides.type ?? record.derived.type
})

/** The fields of the API views, described once for the OpenAPI document (docs/api.md, "Resources"). */
const view = {
  id: BookmarkId.annotations({ description: "Stable identifier" }),
  url: Schema.String.annotations({ description: "The saved page, normalised (WHATWG serialization)" }),
  title: Schema.String.annotations({ description: "Page title, or the title edited in the app; empty while processing" }),
  description: Schema.String.annotations({ description: "Meta description of the page, or the one edited in the app" }),
  type: BookmarkType.annotations({
    description: `Kind of item: ${allTypes.join(", ")}. The list is open: later versions may add kinds, ` +
      "so treat an unknown value like `website`.",
    jsonSchema: {
      anyOf: [{ type: "string", enum: [...allTypes] }, { type: "string" }],
      description: `Kind of item: ${allTypes.join(", ")}. The list is open: later versions may add kinds, ` +
        "so treat an unknown value like `website`."
    }
  }),
  tags: Schema.Array(Schema.String).annotations({ description: "The caller's tags, then generated ones" }),
  note: Schema.String.annotations({ description: "The caller's own note" }),
  summary: Schema.String.annotations({ description: "Generated summary; empty while processing" }),
  image: Schema.String.annotations({ description: "Preview image URL, or empty" }),
  screenshot: Schema.String.annotations({ description: "Full-page screenshot URL, or empty" }),
  favicon: Schema.String.annotations({ description: "Site icon URL, or empty" }),
  createdAt: IsoTimestamp.annotations({
    description: "When it was saved (ISO 8601, milliseconds, UTC); unique per account and the pagination cursor"
  }),
  status: Status.annotations({ description: "`processing` until enrichment ends, then `ready`" }),
  processingError: Schema.String.annotations({
    description: "Empty when nothing went wrong; otherwise why enrichment fell short (while a retry is pending: the " +
      "last attempt's reason and when the next attempt is due)"
  })
}

/** The full bookmark (docs/api.md, "Resources"): the specification's fields plus `status` and `processingError`. */
export const Bookmark = Schema.Struct({
  id: view.id,
  url: view.url,
  title: view.title,
  description: view.description,
  type: view.type,
  tags: view.tags,
  note: view.note,
  summary: view.summary,
  image: view.image,
  screenshot: view.screenshot,
  favicon: view.favicon,
  createdAt: view.createdAt,
  status: view.status,
  processingError: view.processingError
}).annotations({ identifier: "Bookmark", description: "A saved page with its derived fields" })
export type Bookmark = typeof Bookmark.Type

/** A row of `GET /bookmarks`. */
export const ListRow = Schema.Struct({
  id: view.id,
  url: view.url,
  title: view.title,
  description: view.description,
  type: view.type,
  tags: view.tags,
  favicon: view.favicon,
  status: view.status,
  createdAt: view.createdAt
}).annotations({ identifier: "BookmarkListRow", description: "A bookmark as a row of a page: no note, summary or images" })
export type ListRow = typeof ListRow.Type

/** The full view of a record; `links` turns the stored screenshot id into its absolute link. */
export const present = (record: Record, links: Links.Links["Type"]): Bookmark => {
  const eff = effective(record)
  return {
    id: record.id,
    url: record.url,
    title: eff.title,
    description: eff.description,
    type: eff.type,
    tags: eff.tags,
    note: eff.note,
    summary: record.derived.summary,
    image: record.derived.image,
    screenshot: Links.screenshot(links, record.derived.screenshot),
    favicon: record.derived.favicon,
    createdAt: toIso(record.createdAt),
    status: record.status,
    processingError: record.processingError
  }
}

/** The list-row view of a record. */
export const presentRow = (record: Record): ListRow => {
  const eff = effective(record)
  return {
    id: record.id,
    url: record.url,
    title: eff.title,
    description: eff.description,
    type: eff.type,
    tags: eff.tags,
    favicon: record.derived.favicon,
    status: record.status,
    createdAt: toIso(record.createdAt)
  }
}

/** Create-bookmark acknowledgement (docs/api.md, "Save a bookmark"). */
export const Ack = Schema.Struct({
  id: view.id,
  url: Schema.String.annotations({ description: "The URL as saved (normalised)" }),
  status: Schema.Literal("processing").annotations({ description: "Always `processing`: enrichment runs in the background" })
}).annotations({ identifier: "BookmarkAck", description: "The answer to a save, before the page is fetched" })
export type Ack = typeof Ack.Type

export const maxNoteLength = 10_000

/** The caller's tags: a list, or one comma-separated string (docs/api.md, "Save a bookmark"). */
export const TagsInput = Schema.Union(
  Schema.Array(Text.field({ description: "A tag, or several separated by commas" })),
  Text.field({ description: "Tags separated by commas" })
).annotations({
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
  tags: Schema.optional(TagsInput),
  note: Schema.optional(Text.field({ description: "The caller's own note.", maxLength: maxNoteLength }))
}).annotations({
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

/** The asset id of the screenshot, when the bookmark has one (storage keeps the id: docs/decisions.md, "Asset links"). */
export const screenshotAsset = (record: Record): AssetId | undefined =>
  isAssetId(record.derived.screenshot) ? record.derived.screenshot : undefined
