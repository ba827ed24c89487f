/** Contract of the Lists port: names per account, the tree on delete, memberships, pages and lookups. */
import { type AccountId, type Accounts, Bookmarks, type List, ListId, Lists } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { insertBookmark, newAccount, uid } from "./Support.js"

export const listRecord = (accountId: AccountId, overrides: Partial<List.Record> = {}): List.Record => ({
  id: ListId.make(uid("lst_")),
  accountId,
  name: uid("List "),
  parentId: null,
  createdAt: 0,
  ...overrides
})

export const listsContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks | Lists, E>) =>
  describe(`Lists contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks | Lists>) =>
      effect.pipe(Effect.provide(layer))

    it.effect("inserts, reads, finds by name ignoring case, refuses a taken name and a full account", () =>
      run(Effect.gen(function*() {
        const lists = yield* Lists
        const account = yield* newAccount()
        const other = yield* newAccount()
        const reading = listRecord(account.id, { name: "Reading" })
        expect(yield* lists.insert(reading, 3)).toBe("inserted")
        expect(yield* lists.get(reading.id)).toEqual(Option.some(reading))
        expect(yield* lists.insert(listRecord(account.id, { name: "READING" }), 3)).toBe("taken")
        expect(yield* lists.insert(listRecord(other.id, { name: "Reading" }), 3)).toBe("inserted")
        expect(yield* lists.findByName(account.id, "  reading ")).toEqual(Option.some(reading))
        expect(Option.isNone(yield* lists.findByName(account.id, "Writing"))).toBe(true)
        expect(yield* lists.insert(listRecord(account.id, { name: "b" }), 3)).toBe("inserted")
        expect(yield* lists.insert(listRecord(account.id, { name: "c" }), 3)).toBe("inserted")
        expect(yield* lists.insert(listRecord(account.id, { name: "d" }), 3)).toBe("full")
        expect((yield* lists.list(account.id)).map((l) => l.name)).toEqual(["b", "c", "Reading"])
      })))

    it.effect("renames and moves; a rename to another list's name is refused", () =>
      run(Effect.gen(function*() {
        const lists = yield* Lists
        const account = yield* newAccount()
        const a = listRecord(account.id, { name: "A" })
        const b = listRecord(account.id, { name: "B" })
        yield* lists.insert(a, 10)
        yield* lists.insert(b, 10)
        expect(yield* lists.update({ ...b, name: "a" })).toBe("taken")
        expect(yield* lists.update({ ...b, name: "b", parentId: a.id })).toBe("updated")
        expect(yield* lists.get(b.id)).toEqual(Option.some({ ...b, name: "b", parentId: a.id }))
        expect(yield* lists.update({ ...a, name: "a" })).toBe("updated")
        expect(yield* lists.update(listRecord(account.id))).toBe("missing")
      })))

    it.effect("memberships: add once, only the list's account's bookmarks; counts; pages newest first", () =>
      run(Effect.gen(function*() {
        const lists = yield* Lists
        const account = yield* newAccount()
        const stranger = yield* newAccount()
        const list = listRecord(account.id)
        yield* lists.insert(list, 10)
        const saved = yield* Effect.forEach([10, 20, 30], (at) => insertBookmark(account.id, at))
        const theirs = yield* insertBookmark(stranger.id, 40)
        expect(yield* lists.add(list.id, [...saved.map((b) => b.id), theirs.id], 100)).toBe(3)
        expect(yield* lists.add(list.id, saved.map((b) => b.id), 101)).toBe(0)
        expect((yield* lists.list(account.id)).map((l) => l.count)).toEqual([3])
        const first = yield* lists.page(list.id, { before: Option.none(), limit: 2 })
        expect(first.map((b) => b.id)).toEqual([saved[2]?.id, saved[1]?.id])
        const rest = yield* lists.page(list.id, { before: Option.some(first[1]?.createdAt ?? 0), limit: 2 })
        expect(rest.map((b) => b.id)).toEqual([saved[0]?.id])
        expect(yield* lists.listsOf(theirs.id)).toEqual([])
        expect(yield* lists.remove(list.id, [...saved.slice(0, 1).map((b) => b.id), theirs.id])).toBe(1)
        expect([...yield* lists.memberIds([list.id])].sort()).toEqual([saved[1]?.id, saved[2]?.id].sort())
      })))

    it.effect("a bookmark in several lists; deleting a bookmark takes it out of every list", () =>
      run(Effect.gen(function*() {
        const lists = yield* Lists
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const one = listRecord(account.id, { name: "one" })
        const two = listRecord(account.id, { name: "two" })
        yield* lists.insert(one, 10)
        yield* lists.insert(two, 10)
        const saved = yield* insertBookmark(account.id, 10)
        yield* lists.add(one.id, [saved.id], 1)
        yield* lists.add(two.id, [saved.id], 1)
        expect([...yield* lists.listsOf(saved.id)].sort()).toEqual([one.id, two.id].sort())
        expect(yield* lists.memberIds([one.id, two.id])).toEqual([saved.id])
        yield* bookmarks.delete(saved.id)
        expect(yield* lists.listsOf(saved.id)).toEqual([])
        expect(yield* lists.memberIds([one.id, two.id])).toEqual([])
        expect((yield* lists.list(account.id)).map((l) => l.count)).toEqual([0, 0])
      })))

    it.effect("deleting a list keeps its bookmarks and moves its sublists up to its parent", () =>
      run(Effect.gen(function*() {
        const lists = yield* Lists
        const account = yield* newAccount()
        const top = listRecord(account.id, { name: "top" })
        const middle = listRecord(account.id, { name: "middle", parentId: top.id })
        const leaf = listRecord(account.id, { name: "leaf", parentId: middle.id })
        for (const l of [top, middle, leaf]) yield* lists.insert(l, 10)
        const saved = yield* insertBookmark(account.id, 10)
        yield* lists.add(middle.id, [saved.id], 1)
        expect(yield* lists.delete(middle.id)).toBe(true)
        expect(yield* lists.delete(middle.id)).toBe(false)
        expect(yield* lists.get(leaf.id)).toEqual(Option.some({ ...leaf, parentId: top.id }))
        expect(yield* lists.listsOf(saved.id)).toEqual([])
        expect(Option.isNone(yield* lists.get(middle.id))).toBe(true)
        // The name is free again.
        expect(yield* lists.insert(listRecord(account.id, { name: "Middle" }), 10)).toBe("inserted")
      })))
  })
