/** Port: a short summary and keyword tags from a page's readable text. */
import { Context, type Effect } from "effect"

export interface AnalysisInput {
  readonly title: string
  /** Blocks separated by blank lines; sentences never run across them. */
  readonly text: string
  /** News: the opening states the story, so the summary leans on it. */
  readonly news?: boolean
  /** Tags the bookmark already has (the caller's): no generated tag is an inflection of one of them. */
  readonly given?: ReadonlyArray<string>
}

export interface Analysis {
  /** 2–3 sentences of the page, at most 500 characters; empty when the text has none. */
  readonly summary: string
  /** Up to 5 lowercase keywords or key phrases that appear in the text, none an inflection of another or of a given tag. */
  readonly tags: ReadonlyArray<string>
}

export class ContentAnalyzer extends Context.Tag("ContentAnalyzer")<ContentAnalyzer, {
  readonly analyze: (input: AnalysisInput) => Effect.Effect<Analysis>
}>() {}
