/** What enrichment has found so far: the steps add to it one by one, so a timeout loses nothing already derived. */
import type * as Bookmark from "../../Bookmark.js"

export interface Progress {
  readonly derived: Bookmark.Derived
  readonly pageText: string
  /** The readable part as Markdown, from the same document as `pageText`; "" when there is none. */
  readonly pageMarkdown: string
  /** The page is news: the summary leans on its opening. */
  readonly news: boolean
  readonly error: string
  /** Worth another attempt (timeouts, DNS, connection, 5xx, 429). */
  readonly transient: boolean
}

/** Where enrichment starts: what the bookmark has already (a title from an import file, a note's title). */
export const start = (record: Bookmark.Record): Progress => ({
  derived: { ...record.derived },
  pageText: "",
  pageMarkdown: "",
  news: false,
  error: "",
  transient: false
})
