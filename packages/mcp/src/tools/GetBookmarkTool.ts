/** `get_bookmark`: one bookmark of the caller's account in full, with its processing state. */
import { Bookmark, getBookmark, Text } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

export const Input = Schema.Struct({
  id: Text.SafeString.annotate({ description: "The bookmark's id (bmk_…)." })
})

export const tool = Tool.make({
  name: "get_bookmark",
  scope: "bookmarks:read",
  title: "Get a bookmark",
  description: "Reads one bookmark in full: URL, title, description, type, tags, note, summary, image, " +
    "screenshot, favicon, createdAt, and `status` (`processing` until enrichment is done, then `ready`).",
  input: Input,
  output: Bookmark.Bookmark,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { id }) => getBookmark(principal.account.id, id)
})
