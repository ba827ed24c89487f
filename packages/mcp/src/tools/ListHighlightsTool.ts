/**
 * `list_highlights`: what the person marked while reading, with their notes and the page each passage is from, so
 * an assistant can answer "what did I mark about X?" (docs/reading.md, "Highlights").
 */
import { Bookmark, bookmarkHighlights, Highlight, highlightPage, sourcesOf, Text } from "@bookmark-library/domain"
import type { ContentBlock } from "@modelcontextprotocol/server"
import { Effect, Schema } from "effect"
import * as BookmarkUri from "../BookmarkUri.js"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  bookmarkId: Schema.optionalKey(Text.SafeString.annotate({
    description: "Only the highlights of this bookmark, in reading order (all of them; `q`, `tag` and paging are " +
      "then ignored)."
  })),
  q: Schema.optionalKey(Text.SafeString.annotate({
    description: "Words that must all occur in the passage, its note or the bookmark's title (case ignored)."
  })),
  tag: Schema.optionalKey(Text.SafeString.annotate({ description: "Only highlights of bookmarks with this tag." })),
  limit: Schema.optionalKey(Schema.Int.annotate({ description: "At least 1, default 50; above 100 counts as 100." })),
  before: Schema.optionalKey(Text.SafeString.annotate({
    description: "The `nextBefore` of the previous page, for the next (older) page."
  }))
})

const Row = Schema.Struct({
  ...Highlight.Highlight.fields,
  bookmarkTitle: Schema.String.annotate({ description: "The title of the page the passage is from" }),
  bookmarkUrl: Schema.String.annotate({ description: "Its address (empty for a note)" })
}).annotate({ identifier: "HighlightWithSource", description: "A highlight with the page it is from" })

const Output = Schema.Struct({
  highlights: Schema.Array(Row).annotate({ description: "Newest first; of one bookmark: in reading order" }),
  nextBefore: Schema.NullOr(Schema.String).annotate({ description: "Pass as `before` for more; null at the end" })
}).annotate({ identifier: "HighlightList", description: "Highlights with their pages" })
type Output = typeof Output.Type

const withSources = (records: ReadonlyArray<Highlight.Record>, nextBefore: string | null) =>
  Effect.map(sourcesOf(records), (sources): Output => ({
    highlights: records.map((record) => {
      const source = sources.get(record.bookmarkId)
      return {
        ...Highlight.present(record),
        bookmarkTitle: source === undefined ? "" : Bookmark.effective(source).title,
        bookmarkUrl: source?.url ?? ""
      }
    }),
    nextBefore
  }))

const links = (output: Output): ReadonlyArray<ContentBlock> =>
  [...new Map(output.highlights.map((h) => [h.bookmarkId, h])).values()].map((h) => ({
    type: "resource_link",
    uri: BookmarkUri.of(h.bookmarkId),
    name: h.bookmarkTitle === "" ? h.bookmarkUrl : h.bookmarkTitle,
    mimeType: "application/json"
  }))

export const tool = Tool.make({
  name: "list_highlights",
  scope: "bookmarks:read",
  title: "List highlights",
  description: "Lists the passages the person highlighted while reading, each with its note (empty when none), " +
    "colour and the bookmark it is from (id, title, URL): of one bookmark (`bookmarkId`), or of the whole library " +
    "newest first, optionally only those whose passage, note or page title has all the words of `q`, or whose " +
    "bookmark has `tag`. When `nextBefore` is not null, pass it as `before` for more.",
  input: Input,
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, input) => {
    const accountId = principal.account.id
    if (input.bookmarkId !== undefined) {
      return Effect.flatMap(
        bookmarkHighlights(accountId, input.bookmarkId),
        ({ records }) => withSources(records, null)
      )
    }
    const { limit, ...rest } = input
    return Effect.flatMap(
      highlightPage(accountId, { ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) }),
      ({ page, records }) => withSources(records, page.nextBefore)
    )
  },
  links
})
