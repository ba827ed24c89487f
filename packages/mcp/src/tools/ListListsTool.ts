/** `list_lists`: the library's lists, nested, with how many bookmarks each holds. */
import { List, listLists } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

export const tool = Tool.make({
  name: "list_lists",
  title: "List the lists",
  scope: "bookmarks:read",
  description: "Lists every list of the library (named groups of bookmarks, nestable): id, name, the parent list's " +
    "id (null at the top level) and how many bookmarks are directly in it. Parents come before their sublists.",
  input: Schema.Struct({}),
  output: List.ListOfLists,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal) => listLists(principal.account.id)
})
