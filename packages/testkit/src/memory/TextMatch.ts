/**
 * A small stand-in for Postgres full-text search: every query word must appear; the last may be a prefix, as
 * `SearchQuery.parts` decides for SQL (only a plain word the user may still be typing, so `c++` is the word `c`,
 * not every word starting with c). A query without any word (`++`, `!!!`) matches nothing, as in Postgres.
 */
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

export const matches = (tokens: Set<string>, query: string): boolean => {
  const raw = query.toLowerCase().split(/\s+/).filter((w) => w !== "")
  const lastIsPlain = plainWord.test(raw[raw.length - 1] ?? "")
  const words = raw.map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((w) => w !== "")
  if (words.length === 0) return false
  return words.every((word, i) => {
    if (tokens.has(word)) return true
    const isLast = i === words.length - 1
    if (isLast && lastIsPlain && [...tokens].some((t) => t.startsWith(word))) return true
    const inner = tokenize(word)
    return inner.length > 1 && inner.every((t) => tokens.has(t))
  })
}
