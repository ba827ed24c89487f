/**
 * Port: HTML a page of ours may show that did not come from our templates (docs/reading.md): the readable part of
 * an archived page, and a note's Markdown. Both leave through one allow-list sanitiser, in adapters (a library).
 */
import { Context, type Option } from "effect"

/** An image of the readable content, taken from the archived copy (raster only), to be stored as an asset. */
export interface ReadableImage {
  readonly bytes: Uint8Array
  readonly contentType: string
}

export interface Readable {
  /**
   * The article, sanitised. Each kept image is an `<img data-reader-image="N">` without a `src`: N indexes
   * `images`, and the page names the stored asset there (nothing in it loads from anywhere else).
   */
  readonly html: string
  readonly images: ReadonlyArray<ReadableImage>
  /** Words of the article's text, for the reading time. */
  readonly words: number
}

export class Markup extends Context.Service<Markup, {
  /** The allow-list sanitiser alone: what is left can be put in one of our pages as it is. */
  readonly sanitize: (html: string) => string
  /** A note's Markdown (links, emphasis, lists, code; raw HTML shown as text), rendered then sanitised. */
  readonly note: (markdown: string) => string
  /** The readable article of a page's HTML (Readability), sanitised; none when it has no article. */
  readonly readable: (html: string, url: string) => Option.Option<Readable>
}>()("Markup") {}
