/** Lists: create, rename, move, delete (bookmarks stay), membership and pages; only the owner may. */
import {
  addToList,
  bookmarkLists,
  createList,
  deleteList,
  Errors,
  getBookmark,
  List,
  listLists,
  listPage,
  removeFromList,
  updateList
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("lists", () => {
  it.effect("creates nested lists, shows them depth first with counts, renames and moves them", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const reading = yield* createList(account.id, { name: "  Reading  " })
        expect(reading).toMatchObject({ name: "Reading", parentId: null, count: 0 })
        const papers = yield* createList(account.id, { name: "Papers", parentId: reading.id })
        const archive = yield* createList(account.id, { name: "Archive" })
        expect((yield* listLists(account.id)).lists.map((l) => l.name)).toEqual(["Archive", "Reading", "Papers"])
        expect(yield* failureOf(createList(account.id, { name: "reading" }), Errors.InvalidInput)).toMatchObject({
          field: "name"
        })
        const moved = yield* updateList(account.id, papers.id, { parentId: archive.id, name: "Old papers" })
        expect(moved).toMatchObject({ name: "Old papers", parentId: archive.id })
        expect((yield* listLists(account.id)).lists.map((l) => l.name)).toEqual(["Archive", "Old papers", "Reading"])
        // Under itself or its own sublist: refused.
        expect(yield* failureOf(updateList(account.id, archive.id, { parentId: papers.id }), Errors.InvalidInput))
          .toMatchObject({ field: "parentId" })
        expect(yield* failureOf(updateList(account.id, archive.id, { parentId: archive.id }), Errors.InvalidInput))
          .toMatchObject({ field: "parentId" })
        const back = yield* updateList(account.id, papers.id, { parentId: null })
        expect(back.parentId).toBeNull()
      })
    ))

  it.effect("refuses bad names, unknown parents, too deep nesting and other accounts' lists", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        for (const name of ["", "   ", "x".repeat(List.maxNameLength + 1), "a\u0000b"]) {
          expect(yield* failureOf(createList(account.id, { name }), Errors.InvalidInput)).toMatchObject({
            field: "name"
          })
        }
        const theirs = yield* createList(other.account.id, { name: "Theirs" })
        expect(yield* failureOf(createList(account.id, { name: "x", parentId: theirs.id }), Errors.InvalidInput))
          .toMatchObject({ field: "parentId" })
        expect(yield* failureOf(updateList(account.id, theirs.id, { name: "Mine" }), Errors.Forbidden))
          .toMatchObject({ resource: "list" })
        expect(yield* failureOf(deleteList(account.id, "lst_nope"), Errors.NotFound)).toMatchObject({
          resource: "list"
        })
        expect(yield* failureOf(deleteList(account.id, "not an id"), Errors.NotFound)).toMatchObject({
          resource: "list"
        })
        let parent: string | null = null
        for (let depth = 1; depth <= List.maxDepth; depth++) {
          parent = (yield* createList(account.id, { name: `level ${depth}`, parentId: parent })).id
        }
        expect(yield* failureOf(createList(account.id, { name: "too deep", parentId: parent }), Errors.InvalidInput))
          .toMatchObject({ field: "parentId" })
      })
    ))

  it.effect("a bookmark in several lists; pages of a list; deleting a list keeps the bookmarks", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const saved = yield* Effect.forEach(
          [1, 2, 3],
          (n) => Fixtures.save(principal, { url: `https://example.com/${n}` })
        )
        const theirs = yield* Fixtures.save(other.principal, { url: "https://example.com/theirs" })
        const one = yield* createList(account.id, { name: "One" })
        const two = yield* createList(account.id, { name: "Two" })
        const ids = saved.map((b) => b.id)
        expect(yield* addToList(account.id, one.id, ids)).toEqual({ changed: 3 })
        expect(yield* addToList(account.id, one.id, ids)).toEqual({ changed: 0 })
        expect(yield* addToList(account.id, two.id, ids.slice(0, 1))).toEqual({ changed: 1 })
        expect(yield* failureOf(addToList(account.id, one.id, [theirs.id]), Errors.Forbidden)).toMatchObject({
          resource: "bookmark"
        })
        expect(yield* failureOf(addToList(account.id, one.id, []), Errors.InvalidInput)).toMatchObject({
          field: "bookmarkIds"
        })
        expect((yield* bookmarkLists(account.id, ids[0] ?? "")).lists.map((l) => l.name)).toEqual(["One", "Two"])
        const first = yield* listPage(account.id, one.id, { limit: "2" })
        expect(first.bookmarks.map((b) => b.id)).toEqual([ids[2], ids[1]])
        const rest = yield* listPage(account.id, one.id, { limit: "2", before: first.nextBefore ?? "" })
        expect(rest).toMatchObject({ bookmarks: [{ id: ids[0] }], nextBefore: null })
        expect(yield* failureOf(listPage(account.id, one.id, { limit: "0" }), Errors.InvalidInput)).toMatchObject({
          field: "limit"
        })
        expect(yield* removeFromList(account.id, one.id, ids.slice(1))).toEqual({ changed: 2 })
        expect(yield* deleteList(account.id, one.id)).toEqual({ ok: true })
        for (const id of ids) expect((yield* getBookmark(account.id, id)).id).toBe(id)
        expect((yield* listLists(account.id)).lists).toMatchObject([{ name: "Two", count: 1 }])
      })
    ))
})
