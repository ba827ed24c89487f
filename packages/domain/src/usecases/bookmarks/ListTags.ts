/** Use case: the tags of the caller's library with how many bookmarks carry each, most used first. */
import { Effect, Schema } from "effect"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"

export const TagList = Schema.Struct({
  tags: Schema.Array(Schema.Struct({
    tag: Schema.String.annotate({ description: "The tag (one spelling of those that differ only in case)" }),
    count: Schema.Int.annotate({ description: "How many bookmarks carry it" })
  })).annotate({ description: "Every tag of the library, most used first" })
}).annotate({ identifier: "TagList", description: "The tags of the caller's library" })
export type TagList = typeof TagList.Type

export const listTags = Effect.fn("ListTags")(function*(accountId: AccountId) {
  const bookmarks = yield* Bookmarks
  const list: TagList = { tags: yield* bookmarks.tags(accountId) }
  return list
})
