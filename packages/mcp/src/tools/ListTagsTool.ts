/** `list_tags`: the library's tags with how many bookmarks carry each. */
import { listTags, TagList } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

export const tool = Tool.make({
  name: "list_tags",
  scope: "bookmarks:read",
  title: "List tags",
  description: "Lists every tag in the library with the number of bookmarks carrying it, most used first. " +
    "Tags that differ only in case are one tag.",
  input: Schema.Struct({}),
  output: TagList,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal) => listTags(principal.account.id)
})
