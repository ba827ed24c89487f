/** Port: render a page in a browser for its final HTML and a full-page screenshot (optional capability). */
import { Context, type Effect, Schema } from "effect"

export interface Rendered {
  readonly html: string
  /** JPEG bytes of the full page, height capped. */
  readonly screenshot: Uint8Array
  readonly width: number
  readonly height: number
}

export class RenderFailed extends Schema.TaggedError<RenderFailed>()("RenderFailed", {
  reason: Schema.String
}) {}

export class PageRenderer extends Context.Tag("PageRenderer")<PageRenderer, {
  /** False when no browser is available: enrichment then goes on without screenshots. */
  readonly available: boolean
  readonly render: (url: string) => Effect.Effect<Rendered, RenderFailed>
}>() {}
