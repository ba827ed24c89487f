/** The server's answers the extension reads, decoded with Schema: anything else is treated as a server problem. */
import { Schema } from "effect"

export const Ack = Schema.Struct({ id: Schema.String, url: Schema.String, status: Schema.String })
export type Ack = typeof Ack.Type

export const Bookmark = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  title: Schema.String,
  status: Schema.String,
  processingError: Schema.optional(Schema.String)
})
export type Bookmark = typeof Bookmark.Type

export const Row = Schema.Struct({ id: Schema.String, url: Schema.String })

export const Page = Schema.Struct({ bookmarks: Schema.Array(Row) })

export const TagList = Schema.Struct({ tags: Schema.Array(Schema.Struct({ tag: Schema.String, count: Schema.Number })) })

export const Usage = Schema.Struct({ tier: Schema.String })

/** A problem+json body: only its `detail` is shown. */
export const Problem = Schema.Struct({ detail: Schema.optional(Schema.String) })
