/**
 * The search language's parser (docs/search.md, "Grammar"): a small hand-written recursive descent over the
 * characters, so every error knows its offset and a word that is not an operator stays a word, as `q` always read it.
 */
import { Option, Result } from "effect"
import * as BookmarkType from "./BookmarkType.js"
import type * as Q from "./SearchQuery.js"
import { states } from "./SearchQuery.js"
import * as Tags from "./Tags.js"

/** Why a query cannot be read, and where (a UTF-16 offset into the text as given). */
export interface SyntaxProblem {
  readonly message: string
  readonly offset: number
}

/** Parentheses and `-` nest at most this deep. */
export const maxDepth = 32

const operators = ["site", "type", "list", "is", "before", "after"] as const
type Operator = typeof operators[number]
const operatorPrefix = /^(site|type|list|is|before|after):/i
const plainWord = /^[\p{L}\p{N}_]+$/u
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c)
/** Characters that end a bare token. */
const isBreak = (c: string | undefined) => c === undefined || isSpace(c) || c === "\"" || c === "(" || c === ")"

class Failure {
  constructor(readonly problem: SyntaxProblem) {}
}
const fail = (message: string, offset: number): never => {
  throw new Failure({ message, offset })
}

const isState = (text: string): text is Q.State => (states as ReadonlyArray<string>).includes(text)
const validDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const at = Date.parse(`${day}T00:00:00.000Z`)
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day
}

const siteHost = (value: string): string | undefined => {
  const bare = value.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\*\./, "")
  try {
    const host = new URL(`http://${bare}`).hostname.replace(/\.$/, "")
    if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith(".") || host.includes("..")) return undefined
    return host.startsWith("www.") && host.length > 4 ? host.slice(4) : host
  } catch {
    return undefined
  }
}

const parseWith = (input: string): Option.Option<Q.Node> => {
  let pos = 0
  const end = input.trimEnd().length
  let lastWord: Q.Word | undefined

  const skipSpace = () => {
    while (isSpace(input[pos])) pos++
  }
  const tokenEnd = (from: number) => {
    let i = from
    while (!isBreak(input[i])) i++
    return i
  }
  const atOr = () => {
    const stop = tokenEnd(pos)
    return stop - pos === 2 && input.slice(pos, stop).toLowerCase() === "or"
  }
  const quoted = (): string => {
    // A quote left open runs to the end, as it always did in `q` (the person may still be typing).
    const open = pos
    const found = input.indexOf("\"", open + 1)
    const close = found === -1 ? input.length : found
    pos = Math.min(close + 1, input.length)
    return input.slice(open + 1, close).replace(/\s+/gu, " ").trim()
  }
  /** The operator's value: the rest of the token, or a quoted string right after the colon. */
  const valueAfter = (start: number, name: string): string => {
    const text = input[pos] === "\"" ? quoted() : ""
    if (text === "") fail(`\`${name}:\` needs a value, as in ${name}:${example[name as Operator]}`, start)
    return text
  }

  const operator = (name: Operator, value: string, start: number): Q.Leaf => {
    switch (name) {
      case "site": {
        const host = siteHost(value)
        return host === undefined ? fail("`site:` needs a host name, as in site:example.com", start) : {
          _tag: "Site",
          host
        }
      }
      case "type": {
        const type = BookmarkType.all.find((t) => t.toLowerCase() === value.toLowerCase())
        return type === undefined
          ? fail(`\`type:\` must be one of ${BookmarkType.all.join(", ")}`, start)
          : { _tag: "Type", type }
      }
      case "list":
        return { _tag: "InList", name: value }
      case "is": {
        const state = value.toLowerCase() === "favorite" ? "favourite" : value.toLowerCase()
        return isState(state)
          ? { _tag: "Is", state }
          : fail(`\`is:\` must be one of ${states.join(", ")}`, start)
      }
      case "before":
      case "after":
        return validDay(value)
          ? { _tag: "Saved", when: name, day: value }
          : fail(`\`${name}:\` needs a date, as in ${name}:2026-01-01`, start)
    }
  }

  const bare = (negated: boolean): Q.Leaf | undefined => {
    const start = pos
    const stop = tokenEnd(pos)
    const token = input.slice(start, stop)
    pos = stop
    const op = operatorPrefix.exec(token)
    if (op !== null) {
      const name = (op[1] ?? "").toLowerCase() as Operator
      const rest = token.slice(op[0].length)
      return operator(name, rest === "" ? valueAfter(start, name) : rest, start)
    }
    if (token.startsWith("#") && (token.length > 1 || input[pos] === "\"")) {
      const tag = token.length > 1 ? token.slice(1) : quoted()
      if (tag === "") fail("`#` needs a tag name, as in #reading", start)
      if (tag.length > Tags.maxTagLength) fail(`A tag has at most ${Tags.maxTagLength} characters`, start)
      return { _tag: "Tag", tag }
    }
    const word: Q.Word = { _tag: "Word", text: token, prefix: false }
    if (!negated && stop === end && plainWord.test(token)) lastWord = word
    return word
  }

  const unary = (depth: number): Q.Node | undefined => {
    if (depth > maxDepth) fail(`Parentheses and \`-\` nest at most ${maxDepth} deep`, pos)
    const c = input[pos]
    if (c === "-") {
      pos++
      // A lone `-` (before a space, a `)` or the end) is not a negation: it is dropped, as `q` always did.
      if (isSpace(input[pos]) || input[pos] === undefined || input[pos] === ")") return undefined
      const node = unary(depth + 1)
      return node === undefined ? undefined : { _tag: "Not", node }
    }
    if (c === "(") {
      pos++
      const node = disjunction(depth + 1)
      // A parenthesis left open closes at the end, as a quote does: the person may still be typing, and `(`
      // never was an error in `q`.
      if (input[pos] === ")") pos++
      return node
    }
    if (c === "\"") return { _tag: "Phrase", text: quoted() }
    return bare(input[pos - 1] === "-")
  }

  const conjunction = (depth: number): Q.Node | undefined => {
    const nodes: Array<Q.Node> = []
    for (;;) {
      skipSpace()
      const c = input[pos]
      if (c === undefined || c === ")") break
      if (atOr()) {
        // `OR` joins what stands on both sides; with nothing before it, it is dropped (`q` ignored it too).
        if (nodes.length > 0) break
        pos += 2
        continue
      }
      const node = unary(depth)
      if (node !== undefined) nodes.push(...(node._tag === "And" ? node.nodes : [node]))
    }
    return nodes.length === 0 ? undefined : nodes.length === 1 ? nodes[0] : { _tag: "And", nodes }
  }

  const disjunction = (depth: number): Q.Node | undefined => {
    const nodes: Array<Q.Node> = []
    for (;;) {
      const node = conjunction(depth)
      if (node !== undefined) nodes.push(...(node._tag === "Or" ? node.nodes : [node]))
      skipSpace()
      if (!atOr()) break
      pos += 2
    }
    return nodes.length === 0 ? undefined : nodes.length === 1 ? nodes[0] : { _tag: "Or", nodes }
  }

  const root = disjunction(0)
  skipSpace()
  if (pos < input.length) fail("This parenthesis closes nothing", pos)
  return Option.map(Option.fromUndefinedOr(root), (node) => withPrefix(node, lastWord))
}

const example: Record<Operator, string> = {
  site: "example.com",
  type: "article",
  list: "\"Reading\"",
  is: "favourite",
  before: "2026-01-01",
  after: "2026-01-01"
}

/** Marks `word` as the one still being typed when it ends the query outside any `OR` or `-`. */
const withPrefix = (node: Q.Node, word: Q.Word | undefined): Q.Node => {
  if (word === undefined) return node
  if (node === word) return { ...word, prefix: true }
  if (node._tag !== "And") return node
  const last = node.nodes[node.nodes.length - 1]
  return last === word ? { _tag: "And", nodes: [...node.nodes.slice(0, -1), { ...word, prefix: true }] } : node
}

/** The syntax tree of `input`; none for a query with nothing in it (only spaces, a lone `-` or `OR`). */
export const parse = (input: string): Result.Result<Option.Option<Q.Node>, SyntaxProblem> => {
  try {
    return Result.succeed(parseWith(input))
  } catch (error) {
    if (error instanceof Failure) return Result.fail(error.problem)
    throw error
  }
}
