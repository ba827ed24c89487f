/** `get_bookmark_content`: the readable text of a saved page, a chunk at a time, for the assistant to read. */
import { BookmarkContent, chunkLength, readBookmarkContent, Text } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  id: Schema.propertySignature(Text.SafeString).annotations({ description: "The bookmark's id (bmk_…)." }),
  offset: Schema.optional(Schema.Number.pipe(Schema.int())).annotations({
    description: "Where to start reading, in characters (UTF-16 code units); default 0. Use the previous " +
      "answer's `nextOffset`."
  })
})

export const tool = Tool.make({
  name: "get_bookmark_content",
  title: "Read a bookmark's page text",
  description: `Reads the readable text extracted from a saved page, at most ${chunkLength} characters per ` +
    "call. `nextOffset` is where the next chunk starts, or null at the end. The text is empty while the " +
    "bookmark is still `processing` and for pages without readable text.",
  input: Input,
  output: BookmarkContent,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { id, offset }) => readBookmarkContent(principal.account.id, id, offset ?? 0)
})
