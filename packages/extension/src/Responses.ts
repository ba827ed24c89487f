/** The server's answers the extension reads, decoded with Schema: anything else is treated as a server problem. */
import * as Schema from "effect/Schema"

export const Ack = Schema.Struct({ id: Schema.String, url: Schema.String, status: Schema.String })
export type Ack = typeof Ack.Type

export const Bookmark = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  title: Schema.String,
  status: Schema.String,
  processingError: Schema.optional(Schema.String),
  /** The person's states (docs/search.md, "States"): the server sends them; absent counts as off. */
  favourite: Schema.optional(Schema.Boolean),
  archived: Schema.optional(Schema.Boolean)
})
export type Bookmark = typeof Bookmark.Type

export const Row = Schema.Struct({ id: Schema.String, url: Schema.String })

export const Page = Schema.Struct({ bookmarks: Schema.Array(Row) })

export const TagList = Schema.Struct({
  tags: Schema.Array(Schema.Struct({ tag: Schema.String, count: Schema.Number }))
})

export const ListRow = Schema.Struct({ id: Schema.String, name: Schema.String, parentId: Schema.NullOr(Schema.String) })
export type ListRow = typeof ListRow.Type

/** `GET /lists`: every list of the account, depth first. */
export const ListList = Schema.Struct({ lists: Schema.Array(ListRow) })

/** `POST /lists/{id}/bookmarks`: how many joined. */
export const Changed = Schema.Struct({ changed: Schema.Number })

/** What became of one bookmark of a batch (docs/lists.md, "Bulk actions"). */
export const BatchItem = Schema.Struct({
  id: Schema.String,
  result: Schema.Literals(["ok", "not_found", "error"]),
  reason: Schema.optional(Schema.String)
})
export type BatchItem = typeof BatchItem.Type

/** `POST /bookmarks/batch`: a batch of one is answered at once, with its item's result. */
export const Batch = Schema.Struct({ results: Schema.Array(BatchItem) })

export const Usage = Schema.Struct({ tier: Schema.String })

/** A problem+json body: only its `detail` is shown. */
export const Problem = Schema.Struct({ detail: Schema.optional(Schema.String) })
