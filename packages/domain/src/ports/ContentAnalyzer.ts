/** Port: a short summary and keyword tags from a page's readable text. */
import { Context, type Effect } from "effect"
import type { TagCount } from "../Tags.js"

export interface AnalysisInput {
  readonly title: string
  /** Blocks separated by blank lines; sentences never run across them. */
  readonly text: string
  /** News: the opening states the story, so the summary leans on it. */
  readonly news?: boolean
  /** Tags the bookmark already has (the caller's): no generated tag is an inflection of one of them. */
  readonly given?: ReadonlyArray<string>
  /**
   * The account's tags and how many bookmarks carry each (`Bookmarks.tags`): tags are picked from it first, and a
   * new one is minted only when the page is strongly about it (docs/enrichment.md, "Tags").
   */
  readonly vocabulary?: ReadonlyArray<TagCount>
  /** At most this many tags that are not in the vocabulary (the `NEW_TAGS_PER_PAGE` setting; default 2). */
  readonly maxNew?: number
  /** The page's host name: a new tag is never the site's name. */
  readonly site?: string
}

export interface Analysis {
  /** 2–3 sentences of the page, at most 500 characters; empty when the text has none. */
  readonly summary: string
  /**
   * Up to 5 keywords or key phrases the page is about, none an inflection of another or of a given tag: tags of the
   * vocabulary (in its spelling) first, then at most `maxNew` new ones (lowercase, occurring in the text).
   */
  readonly tags: ReadonlyArray<string>
}

export class ContentAnalyzer extends Context.Service<ContentAnalyzer, {
  readonly analyze: (input: AnalysisInput) => Effect.Effect<Analysis>
}>()("ContentAnalyzer") {}
