/**
 * Contract of `Bookmarks.tags` under every kind of write (docs/lists.md, "Tag counts"): SQL keeps the counts in a
 * table updated by the writes themselves, so after each write of a long random sequence (saves, imports, completions,
 * edits, retags, merges, deletes, state changes, restarts) the counts must equal a recount of the library as read.
 */
import { type Accounts, Bookmark, type BookmarkId, Bookmarks, Pagination, Tags } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Result } from "effect"
import { insertBookmark, newAccount, newBookmark } from "./Support.js"

/** Deterministic, so a failure replays. */
const random = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5)
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** A few tags in several spellings each, so keys are shared and the newest spelling moves. */
const vocabulary = ["rust", "Rust", "RUST", "go", "Go", "web", "Web dev", "web dev", "ünïcode", "Ünïcode", "x"]

const everything = Result.getOrThrow(Pagination.parseListQuery({ limit: "100" }))

/** The counts as a recount of the records: per key, how many carry it, in the newest carrier's spelling. */
const recount = (records: ReadonlyArray<Bookmark.Record>): Array<Tags.TagCount> => {
  const counts = new Map<string, Tags.TagCount>()
  for (const record of [...records].sort((a, b) => b.createdAt - a.createdAt)) {
    for (const tag of Bookmark.effective(record).tags) {
      const key = Tags.tagKey(tag)
      const seen = counts.get(key)
      counts.set(key, { tag: seen?.tag ?? tag, count: (seen?.count ?? 0) + 1 })
    }
  }
  return [...counts.values()].sort(Tags.byUse)
}

export const tagCountsContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks, E>) =>
  describe(`Tag counts contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks>) => effect.pipe(Effect.provide(layer))

    it.effect("keeps every count exact, in the newest spelling, after every kind of write", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        yield* insertBookmark(other.id, 1, { callerTags: ["rust", "other"] })
        const next = random(2026)
        const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(next() * xs.length)] as A
        const someTags = () => Array.from({ length: Math.floor(next() * 4) }, () => pick(vocabulary))
        let now = 1_000
        const live = () => Effect.map(bookmarks.list(account.id, everything), (rows) => rows.map((r) => r.id))
        const check = Effect.gen(function*() {
          const records = yield* bookmarks.list(account.id, everything)
          expect(yield* bookmarks.tags(account.id)).toEqual(recount(records))
        })
        const writes: ReadonlyArray<(ids: ReadonlyArray<BookmarkId>) => Effect.Effect<unknown, unknown, Bookmarks>> = [
          () => insertBookmark(account.id, now += 10, { callerTags: someTags(), url: `https://t.example/${now}` }),
          () =>
            bookmarks.insertImported(
              account.id,
              Array.from({ length: 3 }, (_, i) => {
                const { now: _now, ...item } = newBookmark(account.id, 0, {
                  url: `https://i.example/${now}/${i}`,
                  callerTags: someTags()
                })
                return { ...item, wantedAt: now += 10 }
              }),
              "keep"
            ),
          (ids) =>
            bookmarks.complete(pick(ids), {
              derived: { ...Bookmark.emptyDerived, tags: someTags() },
              processingError: "",
              pageText: ""
            }),
          (ids) => bookmarks.edit(pick(ids), { tags: Tags.normalize(someTags()) }),
          (ids) => bookmarks.restart(pick(ids)),
          (ids) => bookmarks.setStates(pick(ids), { favourite: next() < 0.5 }),
          () => bookmarks.retag(account.id, { from: [pick(vocabulary)], into: pick(vocabulary) }),
          () => bookmarks.retag(account.id, { from: [pick(vocabulary), pick(vocabulary)], into: null }),
          (ids) => bookmarks.merge(account.id, [pick(ids), pick(ids), pick(ids)]),
          (ids) => bookmarks.delete(pick(ids))
        ]
        const save = writes[0] ?? (() => Effect.void)
        for (let i = 0; i < 8; i++) yield* save([])
        yield* check
        for (let step = 0; step < 60; step++) {
          const ids = yield* live()
          const write = ids.length < 4 ? save : pick(writes)
          yield* write(ids)
          yield* check
        }
        // The other account's counts were never touched.
        expect(yield* bookmarks.tags(other.id)).toEqual([{ tag: "other", count: 1 }, { tag: "rust", count: 1 }])
      })))
  })
