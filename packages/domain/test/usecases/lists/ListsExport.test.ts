/** Our JSON keeps lists: an export names each bookmark's lists by path; importing it rebuilds them elsewhere. */
import {
  addToList,
  createList,
  exportLibrary,
  ImportId,
  Imports,
  listLists,
  listPage,
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

describe("lists in our JSON export", () => {
  it.effect("exports each bookmark's lists as paths and an import into another account rebuilds them", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const first = yield* Fixtures.save(principal, { url: "https://example.com/a" })
        const second = yield* Fixtures.save(principal, { url: "https://example.com/b" })
        yield* Fixtures.save(principal, { url: "https://example.com/c" })
        const reading = yield* createList(account.id, { name: "Reading" })
        const papers = yield* createList(account.id, { name: "Papers", parentId: reading.id })
        yield* createList(account.id, { name: "Empty" })
        yield* addToList(account.id, papers.id, [first.id, second.id])
        yield* addToList(account.id, reading.id, [first.id])
        const text = (yield* Stream.runCollect(yield* exportLibrary(account.id, "json"))).join("")
        const parsed = JSON.parse(text) as { bookmarks: Array<{ url: string; lists?: Array<Array<string>> }> }
        const byUrl = new Map(parsed.bookmarks.map((b) => [b.url, b.lists]))
        expect(byUrl.get("https://example.com/a")).toEqual([["Reading"], ["Reading", "Papers"]].sort())
        expect(byUrl.get("https://example.com/b")).toEqual([["Reading", "Papers"]])
        expect(byUrl.get("https://example.com/c")).toBeUndefined()

        const other = yield* Fixtures.accountWithKey()
        // The other account already has a list named "papers": it is reused, not duplicated.
        const existing = yield* createList(other.account.id, { name: "papers" })
        const started = yield* startImport(other.account.id, new TextEncoder().encode(text), {
          format: Option.none(),
          events: false
        })
        yield* runImport(yield* stored(started.id))
        const lists = (yield* listLists(other.account.id)).lists
        expect(lists.map((l) => [l.name, l.count])).toEqual([["papers", 2], ["Reading", 1]])
        const page = yield* listPage(other.account.id, existing.id, {})
        expect(page.bookmarks.map((b) => b.url).sort()).toEqual(["https://example.com/a", "https://example.com/b"])
      })
    ))
})
