/**
 * A small stand-in for Postgres full-text search: a word matches a document token, the word still being typed also
 * a token it begins (only a plain word, so `c++` is the word `c`, not every word starting with c), a phrase when all
 * its words appear. A word without letters or digits (`++`, `!!!`) says nothing, as an empty tsquery in Postgres:
 * `undefined` here, left out of AND and OR; a search of nothing but such words matches nothing.
 */
import type { SearchQuery } from "@bookmark-library/domain"

const tokenize = (text: string): Array<string> => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t !== "")

export const documentTokens = (parts: ReadonlyArray<string>, url: string): Set<string> => {
  const tokens = new Set(parts.flatMap(tokenize))
  for (const t of tokenize(url)) tokens.add(t)
  try {
    tokens.add(new URL(url).hostname.toLowerCase())
  } catch {
    // not a URL: its words are enough
  }
  return tokens
}

const plainWord = /^[\p{L}\p{N}_]+$/u

const word = (tokens: Set<string>, text: string, prefix: boolean): boolean | undefined => {
  const bare = text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
  if (bare === "") return undefined
  if (tokens.has(bare)) return true
  if (prefix && plainWord.test(text) && [...tokens].some((t) => t.startsWith(bare))) return true
  const inner = tokenize(bare)
  return inner.length > 1 && inner.every((t) => tokens.has(t))
}

const defined = (values: ReadonlyArray<boolean | undefined>) => values.filter((v) => v !== undefined)

/** A full-text node (`SearchQuery.isText`): true, false, or undefined when it holds no word at all. */
export const text = (tokens: Set<string>, node: SearchQuery.Node): boolean | undefined => {
  switch (node._tag) {
    case "Word":
      return word(tokens, node.text, node.prefix)
    case "Phrase": {
      const words = tokenize(node.text)
      return words.length === 0 ? undefined : words.every((w) => tokens.has(w))
    }
    case "Not": {
      const inner = text(tokens, node.node)
      return inner === undefined ? undefined : !inner
    }
    case "And": {
      const values = defined(node.nodes.map((n) => text(tokens, n)))
      return values.length === 0 ? undefined : values.every(Boolean)
    }
    case "Or": {
      const values = defined(node.nodes.map((n) => text(tokens, n)))
      return values.length === 0 ? undefined : values.some(Boolean)
    }
    default:
      return false
  }
}
