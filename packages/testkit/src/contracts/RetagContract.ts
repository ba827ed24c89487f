/** Contract of `Bookmarks.retag`: library-wide rename, merge and delete of tags, seen at once by reads and filters. */
import { type Accounts, Bookmarks, Tags } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { insertBookmark, newAccount } from "./Support.js"

const query = (tag: string) => ({
  limit: 100,
  before: Option.none(),
  tag: Option.some(tag),
  type: Option.none(),
  q: Option.none()
})

export const retagContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks, E>) =>
  describe(`Bookmarks.retag contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks>) => effect.pipe(Effect.provide(layer))

    it.effect("renames, merges and deletes in every tag list; counts, filters and other accounts follow", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const a = yield* insertBookmark(account.id, 10, { callerTags: ["JS", "web"] })
        const b = yield* insertBookmark(account.id, 20, {
          callerTags: ["javascript"],
          overrides: { tags: ["js", "x"] }
        })
        const c = yield* insertBookmark(account.id, 30, { callerTags: ["rust"] })
        const theirs = yield* insertBookmark(other.id, 40, { callerTags: ["js"] })
        expect(yield* bookmarks.retag(account.id, { from: ["js", "JavaScript"], into: "JavaScript" })).toBe(2)
        const read = (id: typeof a.id) => Effect.map(bookmarks.get(id), Option.getOrThrow)
        expect((yield* read(a.id)).callerTags).toEqual(["JavaScript", "web"])
        expect((yield* read(b.id)).overrides.tags).toEqual(["JavaScript", "x"])
        expect((yield* read(b.id)).callerTags).toEqual(["JavaScript"])
        expect((yield* read(theirs.id)).callerTags).toEqual(["js"])
        expect((yield* bookmarks.list(account.id, query("javascript"))).map((r) => r.id)).toEqual([b.id, a.id])
        expect(yield* bookmarks.list(account.id, query("js"))).toEqual([])
        expect((yield* bookmarks.tags(account.id)).find((t) => Tags.tagKey(t.tag) === "javascript")).toEqual({
          tag: "JavaScript",
          count: 2
        })
        // Delete: gone everywhere; bookmarks without it are untouched.
        expect(yield* bookmarks.retag(account.id, { from: ["web"], into: null })).toBe(1)
        expect((yield* read(a.id)).callerTags).toEqual(["JavaScript"])
        expect((yield* read(c.id)).callerTags).toEqual(["rust"])
        expect(yield* bookmarks.retag(account.id, { from: ["nothing"], into: null })).toBe(0)
      })))
  })

/** Contract of `Bookmarks.editTags`: a bulk tag change of some bookmarks, set-based, only the account's. */
export const editTagsContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks, E>) =>
  describe(`Bookmarks.editTags contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks>) => effect.pipe(Effect.provide(layer))

    it.effect("adds and removes tags of the bookmarks named, only the account's; filters and counts follow", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const a = yield* insertBookmark(account.id, 10, { callerTags: ["web"] })
        const b = yield* insertBookmark(account.id, 20, { overrides: { tags: ["edited"] } })
        const full = yield* insertBookmark(account.id, 30, {
          callerTags: Array.from({ length: Tags.maxTags }, (_, i) => `t${i}`)
        })
        const untouched = yield* insertBookmark(account.id, 40, { callerTags: ["web"] })
        const theirs = yield* insertBookmark(other.id, 50, { callerTags: ["web"] })
        const ids = [a.id, b.id, full.id, theirs.id]
        const added = yield* bookmarks.editTags(account.id, ids, { add: ["Bulk"], remove: [] })
        expect([...added.found].sort()).toEqual([a.id, b.id, full.id].sort())
        expect(added.full).toEqual([full.id])
        const read = (id: typeof a.id) => Effect.map(bookmarks.get(id), Option.getOrThrow)
        expect((yield* read(a.id)).overrides.acceptedTags).toEqual(["Bulk"])
        expect((yield* read(b.id)).overrides.tags).toEqual(["edited", "Bulk"])
        expect((yield* read(full.id)).overrides).toEqual({})
        expect((yield* read(theirs.id)).overrides).toEqual({})
        expect((yield* bookmarks.list(account.id, query("bulk"))).map((r) => r.id)).toEqual([b.id, a.id])
        expect((yield* bookmarks.tags(account.id)).find((t) => t.tag === "Bulk")).toEqual({ tag: "Bulk", count: 2 })
        const removed = yield* bookmarks.editTags(account.id, [a.id, untouched.id], { add: [], remove: ["WEB"] })
        expect(removed.found.length).toBe(2)
        expect((yield* bookmarks.list(account.id, query("web"))).map((r) => r.id)).toEqual([])
        expect((yield* bookmarks.list(account.id, query("bulk"))).map((r) => r.id)).toEqual([b.id, a.id])
        expect((yield* bookmarks.list(other.id, query("web"))).map((r) => r.id)).toEqual([theirs.id])
        expect(yield* bookmarks.editTags(account.id, [], { add: ["x"], remove: [] })).toEqual({ found: [], full: [] })
      })))
  })
