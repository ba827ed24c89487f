/**
 * Anchoring a passage in a text that may change, in the manner of the W3C Web Annotation model: a
 * TextQuoteSelector (the passage, `exact`, with up to `contextLength` characters either side) together with a
 * TextPositionSelector (its offsets), and `locate`, which finds the passage again in a later version of the text:
 * by position (where the quote and its context still are), then by quote and context, then by an approximate match within `tolerance` edits; else the passage
 * is orphaned (the caller keeps it and says so). Pure. The reader's script carries a copy in plain JS
 * (web `pages/HighlightScript.ts`), held to this one by a property test.
 */

/** Characters of context kept either side of a passage. */
export const contextLength = 32
/** Approximate matching costs (quote length × searched text); beyond this the search keeps to a window. */
const maxFuzzyWork = 20_000_000
/** Quotes longer than this are found exactly or not at all (an approximate search would cost too much). */
export const maxFuzzyLength = 1_000

export interface Anchor {
  readonly exact: string
  readonly prefix: string
  readonly suffix: string
  readonly start: number
  readonly end: number
}

export type Located =
  | { readonly kind: "position" | "quote" | "fuzzy"; readonly start: number; readonly end: number }
  | { readonly kind: "orphaned" }

const orphaned: Located = { kind: "orphaned" }

/** The anchor of `text[start, end)`. */
export const describe = (text: string, start: number, end: number): Anchor => ({
  exact: text.slice(start, end),
  prefix: text.slice(Math.max(0, start - contextLength), start),
  suffix: text.slice(end, end + contextLength),
  start,
  end
})

/** Edits an approximate match may differ by: a fifth of the quote; none for a quote under 8 characters. */
export const tolerance = (length: number): number => (length < 8 ? 0 : Math.floor(length / 5))

/** How many characters of context agree at `[start, end)`: the prefix read backwards, the suffix forwards. */
const contextScore = (text: string, anchor: Anchor, start: number, end: number): number => {
  let score = 0
  const { prefix, suffix } = anchor
  for (let i = 1; i <= prefix.length && start - i >= 0 && text[start - i] === prefix[prefix.length - i]; i++) score++
  for (let i = 0; i < suffix.length && end + i < text.length && text[end + i] === suffix[i]; i++) score++
  return score
}

interface Candidate {
  readonly start: number
  readonly end: number
  readonly cost: number
  readonly score: number
  readonly distance: number
}

/** Fewer edits, then more agreeing context, then nearer the old position. */
const better = (a: Candidate, b: Candidate | undefined): boolean =>
  b === undefined || a.cost < b.cost || (a.cost === b.cost && (a.score > b.score ||
    (a.score === b.score && a.distance < b.distance)))

/**
 * Sellers' approximate substring search: the substring of `text` within `tolerance` edits (Levenshtein) of the
 * quote, best by `better`. Searches a window around the old position when the whole text would cost too much.
 */
const approximate = (text: string, anchor: Anchor): Located => {
  const pattern = anchor.exact
  const m = pattern.length
  const k = tolerance(m)
  if (k === 0 || m > maxFuzzyLength) return orphaned
  const span = Math.floor(maxFuzzyWork / m)
  const from = text.length <= span ? 0 : Math.max(0, Math.min(text.length - span, anchor.start - Math.floor(span / 2)))
  const to = Math.min(text.length, from + span)
  let cost = new Int32Array(m + 1)
  let start = new Int32Array(m + 1)
  let nextCost = new Int32Array(m + 1)
  let nextStart = new Int32Array(m + 1)
  for (let i = 0; i <= m; i++) {
    cost[i] = i
    start[i] = from
  }
  let best: Candidate | undefined
  for (let j = from; j < to; j++) {
    const c = text[j]
    nextCost[0] = 0
    nextStart[0] = j + 1
    for (let i = 1; i <= m; i++) {
      let value = (cost[i - 1] ?? 0) + (pattern[i - 1] === c ? 0 : 1)
      let origin = start[i - 1] ?? 0
      const skipText = (cost[i] ?? 0) + 1
      if (skipText < value) {
        value = skipText
        origin = start[i] ?? 0
      }
      const skipPattern = (nextCost[i - 1] ?? 0) + 1
      if (skipPattern < value) {
        value = skipPattern
        origin = nextStart[i - 1] ?? 0
      }
      nextCost[i] = value
      nextStart[i] = origin
    }
    const found = nextCost[m] ?? k + 1
    const at = nextStart[m] ?? 0
    if (found <= k && at < j + 1) {
      const candidate = {
        start: at,
        end: j + 1,
        cost: found,
        score: contextScore(text, anchor, at, j + 1),
        distance: Math.abs(at - anchor.start)
      }
      if (better(candidate, best)) best = candidate
    }
    ;[cost, nextCost] = [nextCost, cost]
    ;[start, nextStart] = [nextStart, start]
  }
  return best === undefined ? orphaned : { kind: "fuzzy", start: best.start, end: best.end }
}

/** Where the anchored passage is in `text` now, or `orphaned`. */
export const locate = (text: string, anchor: Anchor): Located => {
  const { exact } = anchor
  if (exact === "") return orphaned
  // The old place holds the quote with all its context: nothing else could be a better match.
  if (
    text.slice(anchor.start, anchor.end) === exact &&
    contextScore(text, anchor, anchor.start, anchor.end) === anchor.prefix.length + anchor.suffix.length
  ) return { kind: "position", start: anchor.start, end: anchor.end }
  let best: Candidate | undefined
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) {
    const candidate = {
      start: at,
      end: at + exact.length,
      cost: 0,
      score: contextScore(text, anchor, at, at + exact.length),
      distance: Math.abs(at - anchor.start)
    }
    if (better(candidate, best)) best = candidate
  }
  if (best !== undefined) return { kind: "quote", start: best.start, end: best.end }
  return approximate(text, anchor)
}
