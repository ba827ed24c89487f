/** Port: metadata and readable text from fetched bytes (content-type routing, HTML parsing). */
import { Context, type Effect } from "effect"
import type { BookmarkType } from "../BookmarkType.js"

export interface Extracted {
  readonly type: BookmarkType
  readonly title: string
  readonly description: string
  /** Absolute URLs or empty. */
  readonly image: string
  /** The icon the page declares, or empty: a conventional `/favicon.ico` is checked by enrichment, not guessed here. */
  readonly favicon: string
  /**
   * Readable text of the page as blocks (paragraphs, headings, list items) separated by a blank line, whitespace
   * collapsed inside each: a sentence never runs across a block.
   */
  readonly text: string
  /** The same readable part as Markdown (headings, lists, links, tables kept); absent when the page gives none. */
  readonly markdown?: string
  /** The page is a bot challenge ("Just a moment…"): none of it describes the real page. */
  readonly challenge: boolean
  /** The page is news: its opening states the story, so a summary leans on the lead. */
  readonly news?: boolean
}

export class PageExtractor extends Context.Service<PageExtractor, {
  readonly extract: (input: {
    readonly url: string
    readonly contentType: string
    readonly body: Uint8Array | string
  }) => Effect.Effect<Extracted>
}>()("PageExtractor") {}
