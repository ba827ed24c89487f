/** A predictable ContentAnalyzer: the first sentence and the first three long words. */
import { ContentAnalyzer } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

export const layer = Layer.succeed(
  ContentAnalyzer,
  ContentAnalyzer.of({
    analyze: ({ text }) =>
      Effect.sync(() => ({
        summary: (/^[^.!?]*[.!?]/.exec(text)?.[0] ?? text).slice(0, 500).trim(),
        tags: [...new Set(text.toLowerCase().match(/[a-z]{6,}/g) ?? [])].slice(0, 3)
      }))
  })
)
