/** The Bookmark resource: stored record, derived fields, app overrides and the API views. */
import { Schema } from "effect"
import { AccountId, BookmarkId } from "./Ids.js"
import { BookmarkType } from "./BookmarkType.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"
import * as Tags from "./Tags.js"

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

/** The full bookmark of spec §2.1, plus `status` and `processingError`. */
export const Bookmark = Schema.Struct({
  id: BookmarkId,
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  type: BookmarkType,
  tags: Schema.Array(Schema.String),
  note: Schema.String,
  summary: Schema.String,
  image: Schema.String,
  screenshot: Schema.String,
  favicon: Schema.String,
  createdAt: IsoTimestamp,
  status: Status,
  processingError: Schema.String
}).annotations({ identifier: "Bookmark", description: "A saved page with its derived fields" })
export type Bookmark = typeof Bookmark.Type

/** A row of `GET /bookmarks`. */
export const ListRow = Schema.Struct({
  id: BookmarkId,
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  type: BookmarkType,
  tags: Schema.Array(Schema.String),
  favicon: Schema.String,
  status: Status,
  createdAt: IsoTimestamp
}).annotations({ identifier: "BookmarkListRow" })
export type ListRow = typeof ListRow.Type

/** The full view of a record. */
export const present = (record: Record): Bookmark => {
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
    screenshot: record.derived.screenshot,
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

/** Create-bookmark acknowledgement (spec §2.2). */
export const Ack = Schema.Struct({
  id: BookmarkId,
  url: Schema.String,
  status: Schema.Literal("processing")
}).annotations({ identifier: "BookmarkAck" })
export type Ack = typeof Ack.Type

/** Body of `POST /bookmarks`; `tags` may be a list or a comma-separated string. */
export const CreatePayload = Schema.Struct({
  url: Schema.String,
  tags: Schema.optional(Schema.Union(Schema.Array(Schema.String), Schema.String)),
  note: Schema.optional(Schema.String)
}).annotations({ identifier: "CreateBookmark" })
export type CreatePayload = typeof CreatePayload.Type

export const maxNoteLength = 10_000
export const maxTitleLength = 1_000
export const maxDescriptionLength = 5_000

/**
 * A text note has no page: its `url` is the empty string (docs/decisions.md, "Text notes"), its title and text are
 * what the person wrote, and enrichment only analyses that text.
 */
export const noteUrl = ""

export const isNote = (record: Record): boolean => record.url === noteUrl

/** The asset id of the screenshot, when the bookmark has one (the last path segment of its link, or the id itself). */
export const screenshotAsset = (record: Record): string | undefined =>
  /(?:^|\/)([0-9a-f]{32})$/.exec(record.derived.screenshot)?.[1]
