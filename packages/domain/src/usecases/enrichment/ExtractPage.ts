/** Enrichment step: the metadata and readable text of the page as served (its static HTML, or what the type gives). */
import { Effect } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import { type Extracted, PageExtractor } from "../../ports/PageExtractor.js"
import type { FetchedPage } from "../../ports/PageFetcher.js"
import type { Progress } from "./Progress.js"

export const extractPage = Effect.fn("ExtractPage")(function*(page: FetchedPage) {
  return yield* (yield* PageExtractor).extract({ url: page.url, contentType: page.contentType, body: page.body })
})

const takeExtracted = (derived: Bookmark.Derived, e: Extracted): Bookmark.Derived => ({
  ...derived,
  type: e.type,
  title: e.title || derived.title,
  description: e.description || derived.description,
  image: e.image || derived.image,
  favicon: e.favicon || derived.favicon
})

/**
 * What the page adds: its type, its metadata over what was there (a file's title stays when the page has none), its
 * text. A bot challenge describes nothing of the real page: only its icon is kept, and the reason says so.
 */
export const withExtracted = (progress: Progress, extracted: Extracted): Progress =>
  extracted.challenge
    ? { ...progress, derived: { ...progress.derived, favicon: extracted.favicon }, error: "blocked by a bot challenge" }
    : {
      ...progress,
      derived: takeExtracted(progress.derived, extracted),
      pageText: extracted.text,
      pageMarkdown: extracted.markdown ?? "",
      news: extracted.news === true
    }
