/** `save_bookmark`: save a URL for the caller's account, as `POST /bookmarks` does, with source `mcp`. */
import { Bookmark, saveBookmark, Text } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  url: Text.SafeString.annotate({
    description: "The page to save: an absolute http or https URL."
  }),
  tags: Schema.optionalKey(
    Schema.Union([Schema.Array(Text.SafeString), Text.SafeString]).annotate({
      description: "Tags as a list or a comma-separated string; at most 32 of at most 64 characters."
    })
  ),
  note: Schema.optionalKey(Text.SafeString.annotate({ description: "A note of at most 10,000 characters." }))
})

export const tool = Tool.make({
  name: "save_bookmark",
  scope: "bookmarks:write",
  title: "Save a bookmark",
  description: "Saves a URL to the library and answers at once with its id and status `processing`; the page is " +
    "then fetched and enriched (title, description, summary, tags) in the background. Saving the same URL again " +
    "saves it again.",
  input: Input,
  output: Bookmark.Ack,
  // Adds to the library and fetches the page from the web; changes nothing that exists.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (principal, input) => saveBookmark(principal.account.id, input, "mcp")
})
