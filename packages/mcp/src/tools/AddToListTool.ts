/** `add_to_list`: files saved bookmarks in one of the library's lists. */
import { addToList, findList, List, listLists, Text } from "@bookmark-library/domain"
import { Effect, Schema } from "effect"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  list: Text.SafeString.annotate({ description: "The list's id (lst_…) or its exact name (case ignored)." }),
  bookmarkIds: Schema.Array(Text.SafeString).annotate({
    description: `The bookmarks to add (bmk_… ids), 1 to ${List.maxBatch}.`
  })
})

const Output = Schema.Struct({
  list: List.List,
  changed: List.MembersChanged.fields.changed
})

export const tool = Tool.make({
  name: "add_to_list",
  title: "Add bookmarks to a list",
  scope: "bookmarks:write",
  description: "Adds saved bookmarks to a list of the library, named by id or name (see list_lists). Bookmarks " +
    "already in it stay; a bookmark may be in any number of lists. Answers the list and how many joined it.",
  input: Input,
  output: Output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { bookmarkIds, list }) =>
    Effect.gen(function*() {
      const found = yield* findList(principal.account.id, list)
      const { changed } = yield* addToList(principal.account.id, found.id, bookmarkIds)
      const lists = yield* listLists(principal.account.id)
      const shown = lists.lists.find((l) => l.id === found.id)
      return { list: shown ?? List.present({ ...found, count: changed }), changed }
    })
})
