/**
 * Karakeep's (formerly Hoarder's) JSON export: `{bookmarks: [{createdAt, title, tags, content: {type: "link", url}
 * | {type: "text", text} | null, note, archived}]}`. Text items become text notes (their text the note);
 * `createdAt` is epoch seconds in current versions and ISO text in older ones; an item without content (an
 * uploaded image or PDF) cannot be imported and is reported.
 */
import type { ImportItem } from "@bookmark-library/domain"
import { Result, Schema } from "effect"
import * as Dates from "./Dates.js"
import { row } from "./JsonRows.js"

const Content = Schema.Union([
  Schema.Struct({ type: Schema.Literal("link"), url: Schema.String }),
  Schema.Struct({ type: Schema.Literal("text"), text: Schema.String })
])

const Item = Schema.Struct({
  createdAt: Schema.optional(Schema.NullOr(Schema.Union([Schema.Number, Schema.String]))),
  title: Schema.optional(Schema.NullOr(Schema.String)),
  tags: Schema.optional(Schema.NullOr(Schema.Array(Schema.String))),
  content: Schema.NullOr(Content),
  note: Schema.optional(Schema.NullOr(Schema.String)),
  archived: Schema.optional(Schema.NullOr(Schema.Boolean))
})

export const Export = Schema.Struct({ bookmarks: Schema.Array(Schema.Unknown) })

const toCandidate = (item: typeof Item.Type): Result.Result<ImportItem.Candidate, string> => {
  const content = item.content
  if (content === null) return Result.fail("an item without a link or text (an uploaded file) cannot be imported")
  const note = item.note ?? ""
  const common = {
    title: item.title ?? "",
    description: "",
    tags: item.tags ?? [],
    createdAt: Dates.fromJson(item.createdAt)
  }
  return Result.succeed(
    content.type === "link"
      ? { ...common, kind: "link", url: content.url, note }
      // The text is the note; Karakeep's own note on a text item follows it.
      : { ...common, kind: "textNote", url: "", note: note.trim() === "" ? content.text : `${content.text}\n\n${note}` }
  )
}

const toRow = row(Item, toCandidate)

export const read = (file: typeof Export.Type): ReadonlyArray<ImportItem.Row> =>
  file.bookmarks.map((item, i) => toRow(`bookmarks[${i}]`, item))
