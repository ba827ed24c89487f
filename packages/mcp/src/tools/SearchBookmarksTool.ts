/** `search_bookmarks`: a page of the library, filtered and searched with the rules of `GET /bookmarks`. */
import { BookmarkType, listBookmarks, Page, Text } from "@bookmark-library/domain"
import type { ContentBlock } from "@modelcontextprotocol/server"
import { Schema } from "effect"
import * as BookmarkUri from "../BookmarkUri.js"
import * as Tool from "../Tool.js"

const Input = Schema.Struct({
  q: Schema.optionalKey(Text.SafeString.annotate({
    description: "Search in the query language (docs/search.md): words search title, description, summary, " +
      "tags, note, URL and page text (the last word also as a prefix); also \"exact phrase\", -word, OR, " +
      "parentheses, #tag, -#tag, site:example.com (subdomains too), type:article, " +
      "is:favourite|archived|unread|broken|moved|gone|unreachable|failed|processing|duplicate|highlighted, " +
      "before:2026-01-01, after:2026-01-01. A query " +
      "that cannot be read is an error naming the character at fault."
  })),
  tag: Schema.optionalKey(Text.SafeString.annotate({ description: "Only bookmarks with this tag (case ignored)." })),
  type: Schema.optionalKey(BookmarkType.BookmarkType.annotate({ description: "Only bookmarks of this type." })),
  limit: Schema.optionalKey(Schema.Int.annotate({
    description: "Rows per page: at least 1, default 50; above 100 counts as 100."
  })),
  before: Schema.optionalKey(Text.SafeString.annotate({
    description: "The `nextBefore` of the previous page, for the next (older) page."
  }))
})

const links = (page: Page): ReadonlyArray<ContentBlock> =>
  page.bookmarks.map((row) => ({
    type: "resource_link",
    uri: BookmarkUri.of(row.id),
    name: row.title === "" ? row.url : row.title,
    mimeType: "application/json",
    ...(row.description === "" ? {} : { description: row.description })
  }))

export const tool = Tool.make({
  name: "search_bookmarks",
  scope: "bookmarks:read",
  title: "Search bookmarks",
  description: "Lists saved bookmarks, newest first, optionally searched (`q`) and filtered (`tag`, `type`). " +
    "When `nextBefore` is not null, pass it as `before` for the next page. Each row is also linked as a " +
    "`bookmark://{id}` resource.",
  input: Input,
  output: Page,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal, { limit, ...rest }) =>
    listBookmarks(principal.account.id, { ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) }),
  links
})
