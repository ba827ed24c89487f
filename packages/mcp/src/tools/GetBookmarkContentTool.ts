/** `get_bookmark_content`: the readable text of a saved page, a chunk at a time, for the assistant to read. */
import { BookmarkContent, chunkLength, ContentFormat, readBookmarkContent, Text } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  id: Text.SafeString.annotate({ description: "The bookmark's id (bmk_…)." }),
  offset: Schema.optionalKey(Schema.Int.annotate({
    description: "Where to start reading, in characters (UTF-16 code units); default 0. Use the previous " +
      "answer's `nextOffset`."
  })),
  format: Schema.optionalKey(ContentFormat.annotate({
    description: "`text` (default): plain text, blocks separated by blank lines. `markdown`: the same readable " +
      "part with its headings, lists, links, tables and code as Markdown. Offsets count in the format asked for."
  }))
})

export const tool = Tool.make({
  name: "get_bookmark_content",
  scope: "bookmarks:read",
  title: "Read a bookmark's page text",
  description: `Reads the readable text extracted from a saved page, at most ${chunkLength} characters per ` +
    "call. `nextOffset` is where the next chunk starts, or null at the end. The text is empty while the " +
    "bookmark is still `processing` and for pages without readable text. With `format: \"markdown\"` the page " +
    "comes as Markdown; `format` in the answer says `text` when no Markdown is kept for the page (a PDF, a page " +
    "saved before Markdown was kept): its text is served instead.",
  input: Input,
  output: BookmarkContent,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { format, id, offset }) => readBookmarkContent(principal.account.id, id, offset ?? 0, format)
})
