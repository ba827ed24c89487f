/** Adapter of the ContentAnalyzer port that needs nothing outside the process: extractive summary, keyword tags. */
import { type Analysis, type AnalysisInput, ContentAnalyzer } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as ExtractiveSummary from "./ExtractiveSummary.js"
import * as Keywords from "./Keywords.js"
import * as Language from "./Language.js"
import * as LibraryTags from "./LibraryTags.js"

/** Enough text to find what a page is about, while a long page does not cost a long time. */
const maxTextLength = 100_000

export const analyze = (input: AnalysisInput): Analysis => {
  const text = input.text.length > maxTextLength ? input.text.slice(0, maxTextLength) : input.text
  if (text.trim() === "") return { summary: "", tags: [] }
  const language = Language.detect(text)
  return {
    summary: ExtractiveSummary.summarise(text, input.title, { news: input.news === true, language }),
    tags: LibraryTags.choose(Keywords.rank(text, input.title, language), {
      vocabulary: LibraryTags.index(input.vocabulary ?? [], language),
      maxNew: input.maxNew ?? LibraryTags.defaultMaxNew,
      taken: Keywords.stemsOf(input.given ?? [], language),
      site: input.site
    })
  }
}

export const layer = Layer.succeed(
  ContentAnalyzer,
  ContentAnalyzer.of({
    analyze: Effect.fn("LocalContentAnalyzer.analyze")(function*(input: AnalysisInput) {
      return analyze(input)
    })
  })
)
