/** A page of the enrichment quality suite: the markup a site serves, and what a careful reader expects from it. */

export type Kind =
  | "news"
  | "blog"
  | "wiki"
  | "docs"
  | "forum"
  | "recipe"
  | "product"
  | "video"
  | "scripted"
  | "class"
  | "held-out"

export interface Expected {
  /** What a person would call the page's title. */
  readonly title: string
  /** The page's own description: what it declares about itself, else its lead paragraph (a clipped lead counts). */
  readonly description: string
  /** The blocks of the page's own content, as a reader reads them: a summary sentence must lie inside one. */
  readonly content: ReadonlyArray<string>
  /** The blocks whose sentences a reader would accept as the page's gist. */
  readonly gist: ReadonlyArray<string>
  /** Terms a reader would accept as tags (any inflection of them, or a phrase made of them); empty: tags not judged. */
  readonly topics: ReadonlyArray<string>
}

export interface Page {
  /** `kind/slug`, or `set/name` for a held-out page, for the report. */
  readonly id: string
  readonly kind: Kind
  /** BCP 47 language of the content. */
  readonly lang: string
  readonly url: string
  /** The HTML the server sends. */
  readonly html: string
  /** The document after the page's scripts ran, when it differs (pages built by script). */
  readonly rendered?: string
  readonly expected: Expected
}
