/**
 * What a page declares about itself in JSON-LD (`<script type="application/ld+json">`), read by type: an
 * article's title is its `headline` (and its `name` when it has one too: an encyclopaedia puts a short
 * description in `headline`), any other thing's title is its `name`, and a `description` is never a title. The
 * site's own nodes (WebSite, Organization, publisher) give the site's names, never the page's.
 */
import { Option, Predicate, Schema } from "effect"
import * as Entities from "./Entities.js"
import { collapse } from "./TextBounds.js"

export interface JsonLd {
  /** Title candidates of the page's main node, the stronger first (article `headline` before `name`). */
  readonly titles: ReadonlyArray<string>
  readonly description: string
  /** The article node's own `description` (an Article, NewsArticle, BlogPosting…): its author's summary. */
  readonly articleDescription: string
  /** As written (maybe relative). */
  readonly image: string
  /** The page's main node is an article (Article, NewsArticle, BlogPosting…). */
  readonly article: boolean
  /** The main node is news reporting (NewsArticle and its kinds): its opening states the story. */
  readonly news: boolean
  /** The page is a front page: its main node is a CollectionPage (a site's or a section's list of stories). */
  readonly front: boolean
  /** Names of the site and its publisher: a title equal to one of them is the site's, not the page's. */
  readonly siteNames: ReadonlyArray<string>
  /** Descriptions of the site itself: a page description equal to one of them is the site's. */
  readonly siteDescriptions: ReadonlyArray<string>
}

export const empty: JsonLd = {
  titles: [],
  description: "",
  articleDescription: "",
  image: "",
  article: false,
  news: false,
  front: false,
  siteNames: [],
  siteDescriptions: []
}

const Node = Schema.Struct({
  "@type": Schema.optional(Schema.Unknown),
  "@graph": Schema.optional(Schema.Unknown),
  headline: Schema.optional(Schema.Unknown),
  name: Schema.optional(Schema.Unknown),
  description: Schema.optional(Schema.Unknown),
  image: Schema.optional(Schema.Unknown),
  thumbnailUrl: Schema.optional(Schema.Unknown),
  url: Schema.optional(Schema.Unknown),
  contentUrl: Schema.optional(Schema.Unknown),
  publisher: Schema.optional(Schema.Unknown),
  mainEntity: Schema.optional(Schema.Unknown)
})
type Node = typeof Node.Type

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))
const decodeNode = Schema.decodeUnknownOption(Node)

/** Nodes that describe the site or the page's furniture, never the page itself. */
const siteTypes = new Set(["organization", "corporation", "newsmediaorganization", "website", "localbusiness", "brand"])
const furniture = new Set([
  ...siteTypes,
  "breadcrumblist",
  "listitem",
  "person",
  "searchaction",
  "sitenavigationelement",
  "imageobject",
  "wpheader",
  "wpfooter",
  "wpsidebar",
  "offer",
  "aggregaterating",
  "rating",
  "review",
  "readaction",
  "entrypoint"
])

const typesOf = (node: Node): ReadonlyArray<string> => {
  const raw = node["@type"]
  const list = Array.isArray(raw) ? raw : [raw]
  // Types may be written as IRIs: "https://schema.org/NewsArticle".
  return list.filter(Predicate.isString).map((type) => (type.split(/[/#]/).pop() ?? type).toLowerCase())
}

const isArticleType = (type: string) =>
  type.endsWith("article") || type === "blogposting" || type === "liveblogposting" || type === "report" ||
  type === "discussionforumposting"
const isNewsType = (type: string) => type.endsWith("newsarticle") || type === "liveblogposting"

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
  // A Q&A page's question and an article's publisher are nodes of their own.
  if (node.value.mainEntity !== undefined) nodesOf(node.value.mainEntity, into, depth + 1)
  if (node.value.publisher !== undefined) nodesOf(node.value.publisher, into, depth + 1)
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

const unique = (values: ReadonlyArray<string>) => [...new Set(values.filter((value) => value !== ""))]

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
  const sites = typed.filter(({ types }) => types.some((type) => siteTypes.has(type))).map(({ node }) => node)
  // The article node speaks for the page; a Product, Recipe, VideoObject, WebPage or Question node next.
  const main = [...articles, ...others]
  const titles = unique([
    ...articles.flatMap((node) => [text(node.headline), text(node.name)]),
    ...others.flatMap((node) => [text(node.name), text(node.headline)])
  ])
  return {
    titles,
    description: firstOf(main, (node) => text(node.description)),
    articleDescription: firstOf(articles, (node) => text(node.description)),
    image: firstOf(main, (node) => imageOf(node.image) || imageOf(node.thumbnailUrl)),
    article: articles.length > 0,
    news: typed.some(({ types }) => types.some(isNewsType)),
    front: articles.length === 0 && typed.some(({ types }) => types.includes("collectionpage")),
    siteNames: unique(sites.map((node) => text(node.name))),
    siteDescriptions: unique(sites.map((node) => text(node.description)))
  }
}
