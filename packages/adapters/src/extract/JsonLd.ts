/** What a page declares about itself in JSON-LD (`<script type="application/ld+json">`): headline, description, image. */
import { Option, Predicate, Schema } from "effect"
import * as Entities from "./Entities.js"
import { collapse } from "./TextBounds.js"

export interface JsonLd {
  readonly title: string
  readonly description: string
  /** As written (maybe relative). */
  readonly image: string
  /** The page's main node is an article (Article, NewsArticle, BlogPosting…). */
  readonly article: boolean
}

export const empty: JsonLd = { title: "", description: "", image: "", article: false }

const Node = Schema.Struct({
  "@type": Schema.optional(Schema.Unknown),
  "@graph": Schema.optional(Schema.Unknown),
  headline: Schema.optional(Schema.Unknown),
  name: Schema.optional(Schema.Unknown),
  description: Schema.optional(Schema.Unknown),
  image: Schema.optional(Schema.Unknown),
  thumbnailUrl: Schema.optional(Schema.Unknown),
  url: Schema.optional(Schema.Unknown),
  contentUrl: Schema.optional(Schema.Unknown)
})
type Node = typeof Node.Type

const decodeJson = Schema.decodeUnknownOption(Schema.parseJson())
const decodeNode = Schema.decodeUnknownOption(Node)

/** Nodes that describe the site or the page's furniture, never the page itself. */
const furniture = new Set([
  "organization", "corporation", "newsmediaorganization", "website", "breadcrumblist", "listitem", "person",
  "searchaction", "sitenavigationelement", "imageobject", "wpheader", "wpfooter", "wpsidebar", "localbusiness",
  "brand", "offer", "aggregaterating", "rating", "review"
])

const typesOf = (node: Node): ReadonlyArray<string> => {
  const raw = node["@type"]
  const list = Array.isArray(raw) ? raw : [raw]
  // Types may be written as IRIs: "https://schema.org/NewsArticle".
  return list.filter(Predicate.isString).map((type) => (type.split(/[/#]/).pop() ?? type).toLowerCase())
}

const isArticleType = (type: string) => type.endsWith("article") || type === "blogposting" || type === "liveblogposting" || type === "report"

const nodesOf = (value: unknown, into: Array<Node>, depth = 0): void => {
  if (depth > 4 || into.length > 64) return
  if (Array.isArray(value)) {
    for (const item of value) nodesOf(item, into, depth + 1)
    return
  }
  const node = decodeNode(value)
  if (Option.isNone(node)) return
  into.push(node.value)
  if (node.value["@graph"] !== undefined) nodesOf(node.value["@graph"], into, depth + 1)
}

const text = (value: unknown): string => (Predicate.isString(value) ? collapse(Entities.decode(value)) : "")

/** `image` may be a URL, an ImageObject (`url`/`contentUrl`) or a list of either. */
const imageOf = (value: unknown, depth = 0): string => {
  if (Predicate.isString(value)) return value.trim()
  if (depth > 2) return ""
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = imageOf(item, depth + 1)
      if (found !== "") return found
    }
    return ""
  }
  const node = decodeNode(value)
  if (Option.isNone(node)) return ""
  return imageOf(node.value.url, depth + 1) || imageOf(node.value.contentUrl, depth + 1)
}

const firstOf = (nodes: ReadonlyArray<Node>, pick: (node: Node) => string): string => {
  for (const node of nodes) {
    const found = pick(node)
    if (found !== "") return found
  }
  return ""
}

export const read = (blocks: ReadonlyArray<string>): JsonLd => {
  const nodes: Array<Node> = []
  for (const block of blocks) {
    // Some sites wrap the JSON in CDATA markers or leave a trailing semicolon.
    const json = block.trim().replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, "").replace(/;\s*$/, "")
    const parsed = decodeJson(json)
    if (Option.isSome(parsed)) nodesOf(parsed.value, nodes)
  }
  const typed = nodes.map((node) => ({ node, types: typesOf(node) }))
  const articles = typed.filter(({ types }) => types.some(isArticleType)).map(({ node }) => node)
  const others = typed.filter(({ types }) => !types.some((type) => isArticleType(type) || furniture.has(type)))
    .map(({ node }) => node)
  // The article node speaks for the page; a WebPage or Product node next; the site's own nodes never.
  const ranked = [...articles, ...others]
  return {
    title: firstOf(ranked, (node) => text(node.headline) || text(node.name)),
    description: firstOf(ranked, (node) => text(node.description)),
    image: firstOf(ranked, (node) => imageOf(node.image) || imageOf(node.thumbnailUrl)),
    article: articles.length > 0
  }
}
