/**
 * Enrichment step: the page as a browser shows it once its scripts ran (when a browser is available): a screenshot,
 * and the rendered document's metadata and text (docs/rendering.md, docs/enrichment.md).
 */
import { Effect, Option } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import { type Extracted, PageExtractor } from "../../ports/PageExtractor.js"
import type { FetchedPage } from "../../ports/PageFetcher.js"
import { PageRenderer, type Rendered, type RenderOptions } from "../../ports/PageRenderer.js"
import type { Progress } from "./Progress.js"

const isHtml = (type: Bookmark.Derived["type"]) => type === "website" || type === "article"

/**
 * The rendered page, when it is worth rendering: HTML, no bot challenge, not cut at the fetch cap. None when it is not
 * rendered, or when rendering failed (logged: the bookmark goes on without a screenshot).
 */
export const renderPage = Effect.fn("RenderPage")(function*(
  page: FetchedPage,
  extracted: Extracted,
  options?: RenderOptions
) {
  const renderer = yield* PageRenderer
  // A page over the fetch cap is not rendered: the browser would download it again with no cap at all (an endless
  // page held a browser at about 1 GB for the whole navigation timeout).
  if (page.truncated && renderer.available) {
    yield* Effect.logInfo("page larger than the fetch cap: not rendered").pipe(Effect.annotateLogs("url", page.url))
  }
  if (!renderer.available || !isHtml(extracted.type) || extracted.challenge || page.truncated) {
    return Option.none<Rendered>()
  }
  const rendered = yield* Effect.result(renderer.render(page.url, options))
  if (rendered._tag === "Failure") {
    yield* Effect.logWarning("screenshot failed").pipe(Effect.annotateLogs("reason", rendered.failure.reason))
    return Option.none<Rendered>()
  }
  return Option.some(rendered.success)
})

/** The rendered document's metadata and text; none when it is not the page (a wall, a browser error page). */
export const extractRendered = Effect.fn("ExtractRendered")(function*(page: FetchedPage, html: string) {
  const after = yield* (yield* PageExtractor).extract({ url: page.url, contentType: "text/html", body: html })
  return after.challenge ? Option.none<Extracted>() : Option.some(after)
})

/**
 * What the rendered document adds. It is the page a reader sees once its scripts ran (a page built by script says
 * "Loading…" in its static HTML; an app sets its title and description by script), so its metadata and readable
 * text win and the static HTML fills the gaps; except when the script took most of the text away (a paywall or
 * an overlay hiding the article): then the static text says more about the page (docs/enrichment.md).
 */
export const withRendered = (p: Progress, rendered: Extracted): Progress => {
  // The Markdown follows the text: both come from the document whose text is kept.
  const renderedWins = rendered.text.length * 2 >= p.pageText.length
  return {
    ...p,
    derived: {
      ...p.derived,
      title: rendered.title || p.derived.title,
      description: rendered.description || p.derived.description,
      image: rendered.image || p.derived.image,
      favicon: rendered.favicon || p.derived.favicon,
      type: p.derived.type === "article" ? "article" : rendered.type
    },
    pageText: renderedWins ? rendered.text : p.pageText,
    pageMarkdown: renderedWins ? rendered.markdown ?? "" : p.pageMarkdown,
    news: p.news || rendered.news === true
  }
}
