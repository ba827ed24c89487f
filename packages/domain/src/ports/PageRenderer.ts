/** Port: render a page in a browser for its final HTML and a full-page screenshot (optional capability). */
import { Context, type Effect, Schema } from "effect"

/** What a render is asked to keep besides the screenshot: the page's archived copy (docs/preservation.md). */
export interface RenderOptions {
  /** Also capture a self-contained copy of the rendered page, within these bounds. */
  readonly copy?: { readonly maxBytes: number } | undefined
}

/**
 * The archived copy of a rendered page: one self-contained HTML file (styles, images, fonts and frames inlined,
 * scripts removed). `partial` says what was left out to stay within the bounds ("" when nothing was);
 * a copy that could not be made at all is `missing` with its reason.
 */
export type Copy =
  | { readonly _tag: "Kept"; readonly html: Uint8Array; readonly partial: string }
  | { readonly _tag: "Missing"; readonly reason: string }

export interface Rendered {
  readonly html: string
  /** JPEG bytes of the full page, height capped. */
  readonly screenshot: Uint8Array
  readonly width: number
  readonly height: number
  /** The archived copy, when one was asked for. */
  readonly copy?: Copy | undefined
}

export class RenderFailed extends Schema.TaggedError<RenderFailed>()("RenderFailed", {
  reason: Schema.String
}) {
  /** Its fields, as the message of a log or a cause. */
  override get message() {
    return `{ reason: ${JSON.stringify(this.reason)} }`
  }
}

export class PageRenderer extends Context.Service<PageRenderer, {
  /** False when no browser is available: enrichment then goes on without screenshots. */
  readonly available: boolean
  readonly render: (url: string, options?: RenderOptions) => Effect.Effect<Rendered, RenderFailed>
  /**
   * A screenshot of a self-contained document (a copy from the person's browser, docs/preservation.md, "Copies from
   * the browser") with scripts off and every request refused: nothing is fetched. Optional: a renderer without it
   * gives such bookmarks no screenshot.
   */
  readonly screenshotDocument?: (html: string) => Effect.Effect<Shot, RenderFailed>
}>()("PageRenderer") {}

/** A JPEG of a document, full page, height capped like a render's. */
export interface Shot {
  readonly screenshot: Uint8Array
  readonly width: number
  readonly height: number
}
