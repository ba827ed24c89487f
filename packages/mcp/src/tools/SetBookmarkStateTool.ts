/**
 * `set_bookmark_state`: mark a bookmark favourite or archived (done reading), or take the mark back (docs/search.md).
 */
import { Actor, Bookmark, setBookmarkStates, Text } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  id: Text.SafeString.annotate({ description: "The bookmark's id (bmk_…)." }),
  favourite: Schema.optionalKey(Schema.Boolean.annotate({ description: "true to star it, false to unstar it." })),
  archived: Schema.optionalKey(Schema.Boolean.annotate({
    description: "true when it has been read (archived), false to put it back among the unread."
  }))
})

export const tool = Tool.make({
  name: "set_bookmark_state",
  title: "Favourite or archive a bookmark",
  scope: "bookmarks:write",
  description: "Sets the person's own states of one bookmark: `favourite` and/or `archived` (done reading; " +
    "`is:unread` in a search finds the rest). A state left out keeps its value. Answers the full bookmark. " +
    "Searches take `is:favourite`, `is:archived` and `is:unread`.",
  input: Input,
  output: Bookmark.Bookmark,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { id, ...states }) => setBookmarkStates(Actor.account(principal.account.id), id, states)
})
