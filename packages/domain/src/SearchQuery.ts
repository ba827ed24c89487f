/**
 * The search language's syntax tree and its printer (docs/search.md). `SearchParser` builds the tree; storage
 * compiles it (SQL in the adapters, an evaluator in the in-memory twin); the printer writes it back as text that
 * parses to the same tree.
 */
import type { BookmarkType } from "./BookmarkType.js"

/**
 * `broken`: the link is gone or unreachable (docs/preservation.md, "Link health"); `moved`, `gone`, `unreachable`
 * one health state each; `failed`: enrichment finished but fell short (`processingError` not empty).
 */
export const states = [
  "favourite",
  "archived",
  "unread",
  "broken",
  "moved",
  "gone",
  "unreachable",
  "failed",
  "processing",
  "duplicate",
  "highlighted"
] as const
export type State = typeof states[number]

/**
 * A plain word: full-text as `q` always was. `prefix` marks the word the person may still be typing (the last
 * token of the query, bare, not inside an `OR`): it also matches words it begins.
 */
export interface Word {
  readonly _tag: "Word"
  readonly text: string
  readonly prefix: boolean
}
/** `"an exact phrase"`: the words in this order. */
export interface Phrase {
  readonly _tag: "Phrase"
  readonly text: string
}
/** `#tag` or `#"two words"`: the effective tag, case ignored. */
export interface Tag {
  readonly _tag: "Tag"
  readonly tag: string
}
/** `site:example.com`: the host or any of its subdomains; `host` is lowercased, punycode, without `www.`. */
export interface Site {
  readonly _tag: "Site"
  readonly host: string
}
export interface Type {
  readonly _tag: "Type"
  readonly type: BookmarkType
}
/** `list:"Reading"`: bookmarks in the list of that name. */
export interface InList {
  readonly _tag: "InList"
  readonly name: string
}
export interface Is {
  readonly _tag: "Is"
  readonly state: State
}
/** `before:2026-01-01` (saved before that UTC day) or `after:2026-01-01` (saved after it). */
export interface Saved {
  readonly _tag: "Saved"
  readonly when: "before" | "after"
  /** `YYYY-MM-DD`. */
  readonly day: string
}
export interface Not {
  readonly _tag: "Not"
  readonly node: Node
}
export interface And {
  readonly _tag: "And"
  readonly nodes: ReadonlyArray<Node>
}
export interface Or {
  readonly _tag: "Or"
  readonly nodes: ReadonlyArray<Node>
}

export type Leaf = Word | Phrase | Tag | Site | Type | InList | Is | Saved
export type Node = Leaf | Not | And | Or

/** Full-text nodes: words and phrases, and `-`, `AND`, `OR` of only those (one tsquery in SQL). */
export const isText = (node: Node): boolean => {
  switch (node._tag) {
    case "Word":
    case "Phrase":
      return true
    case "Not":
      return isText(node.node)
    case "And":
    case "Or":
      return node.nodes.every(isText)
    default:
      return false
  }
}

/** The first instant after `day` (UTC), for `after:`; `dayStart` for `before:`. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`)
export const dayEnd = (day: string): number => dayStart(day) + 86_400_000

/** The instant bound of a `Saved` node: `before` is `createdAt < bound`, `after` is `createdAt >= bound`. */
export const savedBound = (node: Saved): number => node.when === "before" ? dayStart(node.day) : dayEnd(node.day)

const bareValue = /^[^\s"()]+$/

/** A value as the parser reads it back: bare when it can be, else quoted. */
const value = (text: string) => (bareValue.test(text) ? text : `"${text}"`)

const printLeaf = (leaf: Leaf): string => {
  switch (leaf._tag) {
    case "Word":
      return leaf.text
    case "Phrase":
      return `"${leaf.text}"`
    case "Tag":
      return `#${value(leaf.tag)}`
    case "Site":
      return `site:${leaf.host}`
    case "Type":
      return `type:${leaf.type}`
    case "InList":
      return `list:${value(leaf.name)}`
    case "Is":
      return `is:${leaf.state}`
    case "Saved":
      return `${leaf.when}:${leaf.day}`
  }
}

/**
 * The query as text, `OR` in capitals and parentheses only where needed (`OR` binds loosest, as in
 * `websearch_to_tsquery`): `parse(print(node))` gives `node` back.
 */
export const print = (node: Node): string => {
  switch (node._tag) {
    case "And":
      return node.nodes.map((n) => (n._tag === "Or" ? `(${print(n)})` : print(n))).join(" ")
    case "Or":
      return node.nodes.map((n) => (n._tag === "Or" ? `(${print(n)})` : print(n))).join(" OR ")
    case "Not":
      return `-${node.node._tag === "And" || node.node._tag === "Or" ? `(${print(node.node)})` : print(node.node)}`
    default:
      return printLeaf(node)
  }
}
