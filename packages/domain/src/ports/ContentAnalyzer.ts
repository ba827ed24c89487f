/** Port: a short summary and keyword tags from a page's readable text. */
import { Context, type Effect } from "effect"

export interface Analysis {
  /** 2–3 sentences of the page, at most 500 characters; empty when the text has none. */
  readonly summary: string
  /** Up to 5 lowercase keywords that appear in the text. */
  readonly tags: ReadonlyArray<string>
}

export class ContentAnalyzer extends Context.Tag("ContentAnalyzer")<ContentAnalyzer, {
  readonly analyze: (input: { readonly title: string; readonly text: string }) => Effect.Effect<Analysis>
}>() {}
