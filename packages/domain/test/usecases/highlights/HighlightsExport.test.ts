/** Highlights in the exports: our JSON keeps them (an import restores them), Markdown lists them with their notes. */
import {
  bookmarkHighlights,
  bookmarkHighlightsMarkdown,
  createHighlight,
  exportLibrary,
  ImportId,
  Imports,
  listBookmarks,
  runImport,
  startImport
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Stream } from "effect"
import { inWorld } from "../../support/World.js"

const stored = (id: string) =>
  Effect.flatMap(
    Imports,
    (imports) => Effect.flatMap(imports.get(ImportId.make(id)), (found) => Effect.fromOption(found))
  )

const passage = (exact: string, start: number, note = "") => ({ exact, start, end: start + exact.length, note })

describe("highlights in our exports", () => {
  it.effect("our JSON carries each bookmark's highlights and an import into another account restores them", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const marked = yield* Fixtures.save(principal, { url: "https://example.com/a" })
        yield* Fixtures.save(principal, { url: "https://example.com/b" })
        yield* createHighlight(account.id, marked.id, { ...passage("second passage", 50), colour: "pink" })
        yield* createHighlight(account.id, marked.id, { ...passage("first passage", 10, "a note"), prefix: "so " })
        const text = (yield* Stream.runCollect(yield* exportLibrary(account.id, "json"))).join("")
        const parsed = JSON.parse(text) as { bookmarks: Array<{ url: string; highlights?: Array<unknown> }> }
        const byUrl = new Map(parsed.bookmarks.map((b) => [b.url, b.highlights]))
        expect(byUrl.get("https://example.com/a")).toEqual([
          expect.objectContaining({ exact: "first passage", note: "a note", prefix: "so ", start: 10, end: 23 }),
          expect.objectContaining({ exact: "second passage", colour: "pink", note: "" })
        ])
        expect(byUrl.get("https://example.com/b")).toBeUndefined()

        const other = yield* Fixtures.accountWithKey()
        const started = yield* startImport(other.account.id, new TextEncoder().encode(text), {
          format: Option.none(),
          events: false
        })
        yield* runImport(yield* stored(started.id))
        const page = yield* listBookmarks(other.account.id, { q: "is:highlighted" })
        expect(page.bookmarks.map((b) => b.url)).toEqual(["https://example.com/a"])
        const restored = yield* bookmarkHighlights(other.account.id, page.bookmarks[0]?.id ?? "")
        expect(restored.highlights.map((h) => [h.exact, h.colour, h.note, h.prefix])).toEqual([
          ["first passage", "yellow", "a note", "so "],
          ["second passage", "pink", "", ""]
        ])
      })
    ))

  it.effect("Markdown: the library's highlighted bookmarks, each quote a blockquote with its note", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const marked = yield* Fixtures.save(principal, { url: "https://example.com/essay" })
        yield* Fixtures.save(principal, { url: "https://example.com/unmarked" })
        yield* createHighlight(account.id, marked.id, passage("Two lines\nof quote", 5, "Why it matters"))
        yield* createHighlight(account.id, marked.id, passage("Plain words", 40))
        const one = yield* bookmarkHighlightsMarkdown(account.id, marked.id)
        expect(one).toBe(
          "## [https://example.com/essay](<https://example.com/essay>)\n\n" +
            "> Two lines\n> of quote\n\nWhy it matters\n\n> Plain words\n"
        )
        const all = (yield* Stream.runCollect(yield* exportLibrary(account.id, "markdown"))).join("")
        expect(all).toMatch(/^# Highlights\n\nExported \d{4}-\d{2}-\d{2}T[\d:.]+Z\.\n\n## \[/u)
        expect(all).toContain(one)
        expect(all).not.toContain("unmarked")
      })
    ))
})
