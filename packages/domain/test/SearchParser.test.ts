/** The search language (docs/search.md): every operator, the errors and their offsets, and print/parse by property. */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Option, Result } from "effect"
import * as BookmarkType from "../src/BookmarkType.js"
import * as List from "../src/List.js"
import * as SearchParser from "../src/SearchParser.js"
import * as Q from "../src/SearchQuery.js"
import * as Gen from "./support/Gen.js"

const parse = (text: string) => Option.getOrUndefined(Result.getOrThrow(SearchParser.parse(text)))
const problem = (text: string) => Result.getFailure(SearchParser.parse(text)).pipe(Option.getOrUndefined)

const word = (text: string, prefix = false): Q.Word => ({ _tag: "Word", text, prefix })
const and = (...nodes: Array<Q.Node>): Q.And => ({ _tag: "And", nodes })
const or = (...nodes: Array<Q.Node>): Q.Or => ({ _tag: "Or", nodes })
const not = (node: Q.Node): Q.Not => ({ _tag: "Not", node })

/** The tree without the "still being typed" marks, which depend on where a word stands in the text. */
const unmarked = (node: Q.Node): Q.Node => {
  switch (node._tag) {
    case "Word":
      return { ...node, prefix: false }
    case "Not":
      return { _tag: "Not", node: unmarked(node.node) }
    case "And":
    case "Or":
      return { _tag: node._tag, nodes: node.nodes.map(unmarked) }
    default:
      return node
  }
}

describe("SearchParser.parse", () => {
  it("reads every operator", () => {
    expect(parse("#reading")).toEqual({ _tag: "Tag", tag: "reading" })
    expect(parse("#\"two words\"")).toEqual({ _tag: "Tag", tag: "two words" })
    expect(parse("-#later")).toEqual(not({ _tag: "Tag", tag: "later" }))
    expect(parse("site:Blog.Example.com")).toEqual({ _tag: "Site", host: "blog.example.com" })
    expect(parse("site:www.example.com")).toEqual({ _tag: "Site", host: "example.com" })
    expect(parse("site:https://example.com/path")).toEqual({ _tag: "Site", host: "example.com" })
    expect(parse("type:article")).toEqual({ _tag: "Type", type: "article" })
    expect(parse("TYPE:textnote")).toEqual({ _tag: "Type", type: "textNote" })
    expect(parse("list:\"Reading list\"")).toEqual({ _tag: "InList", name: "Reading list" })
    for (const state of Q.states) expect(parse(`is:${state}`)).toEqual({ _tag: "Is", state })
    expect(parse("is:favorite")).toEqual({ _tag: "Is", state: "favourite" })
    expect(parse("before:2026-01-01")).toEqual({ _tag: "Saved", when: "before", day: "2026-01-01" })
    expect(parse("after:2025-12-31")).toEqual({ _tag: "Saved", when: "after", day: "2025-12-31" })
    expect(parse("\"an  exact phrase\"")).toEqual({ _tag: "Phrase", text: "an exact phrase" })
    expect(parse("rust -go")).toEqual(and(word("rust"), not(word("go"))))
    expect(parse("(#a OR #b) -(c d)")).toEqual(
      and(or({ _tag: "Tag", tag: "a" }, { _tag: "Tag", tag: "b" }), not(and(word("c"), word("d"))))
    )
  })

  it("binds OR loosest, as websearch_to_tsquery does: a b OR c d is (a b) OR (c d)", () => {
    expect(parse("a b OR c d")).toEqual(or(and(word("a"), word("b")), and(word("c"), word("d"))))
    expect(parse("cats or dogs")).toEqual(or(word("cats"), word("dogs")))
  })

  it("keeps every query q read before: plain words, unknown prefixes and URLs are words", () => {
    expect(parse("remember marmal")).toEqual(and(word("remember"), word("marmal", true)))
    expect(parse("  zeppelins  ")).toEqual(word("zeppelins", true))
    expect(parse("Ünïcode")).toEqual(word("Ünïcode", true))
    expect(parse("docs.quokkahost.org")).toEqual(word("docs.quokkahost.org"))
    expect(parse("https://example.com/x")).toEqual(word("https://example.com/x"))
    expect(parse("c++ c# e-mail")).toEqual(and(word("c++"), word("c#"), word("e-mail")))
    expect(parse("\"open phrase words")).toEqual({ _tag: "Phrase", text: "open phrase words" })
    expect(parse("cats or")).toEqual(word("cats"))
    expect(parse("or cats")).toEqual(word("cats", true))
    expect(parse("rust -")).toEqual(word("rust"))
    expect(parse("(a OR b")).toEqual(or(word("a"), word("b")))
    expect(parse("a OR b")).toEqual(or(word("a"), word("b")))
    expect(parse("#tag word")).toEqual(and({ _tag: "Tag", tag: "tag" }, word("word", true)))
    expect(parse("")).toBeUndefined()
    expect(parse("   ")).toBeUndefined()
  })

  it("points at the fault", () => {
    expect(parse("rust (go")).toEqual(and(word("rust"), word("go", true)))
    expect(parse("(")).toBeUndefined()
    expect(problem("a) b")).toEqual({ message: "This parenthesis closes nothing", offset: 1 })
    expect(problem("x is:shiny")?.offset).toBe(2)
    expect(problem("x is:shiny")?.message).toContain("favourite, archived, unread")
    expect(problem("type:gif")?.message).toContain("article")
    expect(problem("before:2026-02-30")?.offset).toBe(0)
    expect(problem("a after:yesterday")?.offset).toBe(2)
    expect(problem("site:")?.message).toContain("needs a value")
    expect(problem("site:exa_mple!.com")?.message).toContain("host name")
    expect(problem("  list:")).toEqual({ message: "`list:` needs a value, as in list:\"Reading\"", offset: 2 })
    expect(problem("a list:\"\"")?.offset).toBe(2)
    expect(problem("#\"\"")?.offset).toBe(0)
    expect(problem(`${"(".repeat(40)}a${")".repeat(40)}`)?.message).toContain("nest at most")
    expect(problem(`${"-".repeat(40)}a`)?.message).toContain("nest at most")
  })

  it("prints queries back as text of the same meaning", () => {
    const cases = [
      "#reading site:example.com -is:archived",
      "(a OR b) c",
      "a b OR c",
      "-(a b) -\"x y\" #\"two words\" list:Reading",
      "type:article before:2026-01-01 after:2025-01-01"
    ]
    for (const text of cases) {
      const node = parse(text)
      expect(node).toBeDefined()
      if (node !== undefined) expect(parse(Q.print(node))).toEqual(node)
    }
    expect(Q.print(or(and(word("a"), word("b")), word("c")))).toBe("a b OR c")
    expect(Q.print(and(or(word("a"), word("b")), word("c")))).toBe("(a OR b) c")
  })
})

const letters = Gen.stringMatching(/^[a-z][a-z0-9+._]{0,6}$/)
const plain = Arbitrary.filter(letters, (text) => !/^(or|site|type|list|is|before|after)(:|$)/i.test(text))
const label = Gen.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,5}( [A-Za-z0-9_-]{1,5}){0,2}$/)
const host = Gen.stringMatching(/^([a-z0-9]{1,6}\.){1,3}[a-z]{2,4}$/)
const day = Arbitrary.map(
  Gen.all([Gen.integer({ min: 1990, max: 2040 }), Gen.integer({ min: 1, max: 12 }), Gen.integer({ min: 1, max: 28 })]),
  ([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
)

const leaf: Arbitrary.Arbitrary<Q.Node> = Gen.oneof<Q.Node>(
  Arbitrary.map(plain, (text) => word(text)),
  Arbitrary.map(Gen.array(plain, { maxLength: 3 }), (words): Q.Node => ({ _tag: "Phrase", text: words.join(" ") })),
  Arbitrary.map(label, (tag): Q.Node => ({ _tag: "Tag", tag })),
  Arbitrary.map(Arbitrary.filter(host, (h) => !h.startsWith("www.")), (h): Q.Node => ({ _tag: "Site", host: h })),
  Arbitrary.map(Gen.constantFrom(...BookmarkType.BookmarkType.literals), (type): Q.Node => ({ _tag: "Type", type })),
  Arbitrary.map(label, (name): Q.Node => ({ _tag: "InList", name })),
  Arbitrary.map(Gen.constantFrom(...Q.states), (state): Q.Node => ({ _tag: "Is", state })),
  Arbitrary.map(Gen.all([Gen.constantFrom("before", "after"), day]), ([when, d]): Q.Node => ({
    _tag: "Saved",
    when,
    day: d
  }))
)

/** Trees as the parser makes them: no AND directly in an AND, no OR directly in an OR. */
const tree = (depth: number): Arbitrary.Arbitrary<Q.Node> => {
  if (depth === 0) return leaf
  const smaller = tree(depth - 1)
  const children = (not: "And" | "Or") =>
    Gen.array(Arbitrary.filter(smaller, (n) => n._tag !== not), { minLength: 2, maxLength: 3 })
  return Gen.oneof<Q.Node>(
    leaf,
    Arbitrary.map(smaller, not),
    Arbitrary.map(children("And"), (nodes): Q.Node => ({ _tag: "And", nodes })),
    Arbitrary.map(children("Or"), (nodes): Q.Node => ({ _tag: "Or", nodes }))
  )
}

/** List names with the language's own characters in them (names with `"` cannot be written in a query). */
const listName = Gen.stringOf(
  Gen.oneof(
    Gen.constantFrom("(", ")", "-", "#", ":", " ", "  ", "OR", "list:", "is:", "\t"),
    Gen.constantFrom("a", "é", "1", ".", "*", "\\", "'", "😀", "Z")
  ),
  { maxLength: 30 }
)

/** Text heavy in the language's own characters, to find what the parser cannot read. */
const hostile = Gen.stringOf(
  Gen.oneof(
    Gen.constantFrom("(", ")", "\"", "-", "#", ":", " ", "OR", "or", "site:", "is:", "list:", "before:", "type:"),
    Gen.constantFrom("a", "é", "1", ".", "*", "\\", "'", "\u0000", "\t", "😀", "\uD800")
  ),
  { maxLength: 60 }
)

describe("SearchParser by property", () => {
  it.prop("parses the printed form of any tree back to that tree", [tree(3)], ([node]) => {
    const text = Q.print(node)
    const back = Result.getOrThrow(SearchParser.parse(text))
    expect(Option.map(back, unmarked)).toEqual(Option.some(node))
  }, { arbitrary: { runs: 300 } })

  it.prop("reads `list:` with any list name a list may have (but a double quote) as that list", [listName], ([raw]) => {
    const name = Result.getOrUndefined(List.parseName(raw))
    if (name === undefined) return
    const node = parse(`#a ${Q.print({ _tag: "InList", name })} b`)
    expect(node).toEqual(and({ _tag: "Tag", tag: "a" }, { _tag: "InList", name }, word("b", true)))
  }, { arbitrary: { runs: 300 } })

  it.prop("reads any text without throwing: a tree whose printed form parses to it, or an offset in the text", [
    hostile
  ], ([text]) => {
    Result.match(SearchParser.parse(text), {
      onFailure: (p) => {
        expect(p.offset).toBeGreaterThanOrEqual(0)
        expect(p.offset).toBeLessThanOrEqual(text.length)
        expect(p.message).not.toBe("")
      },
      onSuccess: (node) => {
        const again = Option.map(node, (n) => Result.getOrThrow(SearchParser.parse(Q.print(n))))
        expect(Option.map(Option.flatten(again), unmarked)).toEqual(Option.map(node, unmarked))
      }
    })
  }, { arbitrary: { runs: 500 } })
})
