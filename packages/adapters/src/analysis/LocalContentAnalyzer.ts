/** Adapter of the ContentAnalyzer port that needs nothing outside the process: extractive summary, keyword tags. */
import { type Analysis, ContentAnalyzer } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as ExtractiveSummary from "./ExtractiveSummary.js"
import * as Keywords from "./Keywords.js"

/** Enough text to find what a page is about, while a long page does not cost a long time. */
const maxTextLength = 100_000

export const analyze = (input: { readonly title: string; readonly text: string }): Analysis => {
  const text = input.text.length > maxTextLength ? input.text.slice(0, maxTextLength) : input.text
  if (text.trim() === "") return { summary: "", tags: [] }
  return { summary: ExtractiveSummary.summarise(text, input.title), tags: Keywords.extract(text, input.title) }
}

export const layer = Layer.succeed(
  ContentAnalyzer,
  ContentAnalyzer.of({
    analyze: Effect.fn("LocalContentAnalyzer.analyze")(function*(input: { readonly title: string; readonly text: string }) {
      return analyze(input)
    })
  })
)
