/**
 * Contract of the Bookmarks port, part three (docs/preservation.md, "Link health"): claims of links due for a check
 * (across accounts, leased, only ready bookmarks with a URL), recorded health read back on the record, postponement,
 * and the health states in `list` (`is:broken`, `health=`). One test: claims see every account of the store, so the
 * steps must not meet another test's rows.
 */
import { type Accounts, Bookmark, BookmarkId, Bookmarks, type LinkHealth, Pagination } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import { insertBookmark, newAccount, uid } from "./Support.js"

const interval = 7 * 24 * 60 * 60 * 1000
const lease = 60 * 60 * 1000

const list = (params: Pagination.ListParams): Pagination.ListQuery =>
  Result.getOrThrow(Pagination.parseListQuery({ limit: "100", ...params }))

export const linkHealthContract = <E>(name: string, layer: Layer.Layer<Accounts | Bookmarks, E>) =>
  describe(`Bookmarks link health contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Bookmarks>) => effect.pipe(Effect.provide(layer))

    it.effect("claims due links once per lease, records and postpones them, and filters by health", () =>
      run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = yield* newAccount()
        const other = yield* newAccount()
        const ready = (accountId: typeof account.id, at: number, url: string) =>
          Effect.gen(function*() {
            const inserted = yield* insertBookmark(accountId, at, { url })
            yield* bookmarks.complete(inserted.id, {
              derived: Bookmark.emptyDerived,
              processingError: "",
              pageText: ""
            })
            return inserted
          })
        const processing = yield* insertBookmark(account.id, 100, { url: "https://p.example/" })
        const note = yield* ready(account.id, 200, "")
        const a = yield* ready(account.id, 1_000, "https://a.example/")
        const b = yield* ready(other.id, 2_000, "https://b.example/")
        const c = yield* ready(account.id, 3_000, "https://c.example/")
        const claim = (now: number, max = 10) =>
          Effect.map(
            bookmarks.claimLinkChecks({ now, firstAfter: interval, lease, max }),
            (due) => due.map((d) => d.id)
          )

        // Never checked: due an interval after the save; the processing one and the note never.
        expect(yield* claim(999 + interval)).toEqual([])
        const first = yield* bookmarks.claimLinkChecks({ now: 2_000 + interval, firstAfter: interval, lease, max: 10 })
        expect(first.map((d) => d.id).sort()).toEqual([a.id, b.id].sort())
        expect(first.find((d) => d.id === a.id)).toEqual({ id: a.id, url: "https://a.example/", health: undefined })
        // Leased: not handed out again until the lease ends.
        expect(yield* claim(2_000 + interval)).toEqual([])
        expect(yield* claim(3_000 + interval, 1)).toEqual([c.id])

        const now = 3_000 + interval
        const gone: LinkHealth.Health = { state: "gone", checkedAt: now, failures: 0 }
        const moved: LinkHealth.Health = { state: "moved", checkedAt: now, failures: 0, movedTo: "https://b2.example/" }
        const failing: LinkHealth.Health = { checkedAt: now, failures: 1 }
        expect(yield* bookmarks.recordLinkCheck(a.id, gone, now + interval)).toBe(true)
        expect(yield* bookmarks.recordLinkCheck(b.id, moved, now + interval)).toBe(true)
        expect(yield* bookmarks.recordLinkCheck(c.id, failing, now + 1_000)).toBe(true)
        expect(yield* bookmarks.recordLinkCheck(BookmarkId.make(uid("bmk_")), gone, now)).toBe(false)
        expect(Option.map(yield* bookmarks.get(a.id), (r) => r.health)).toEqual(Option.some(gone))
        expect(Option.map(yield* bookmarks.get(b.id), (r) => r.health)).toEqual(Option.some(moved))
        expect(Option.map(yield* bookmarks.get(c.id), (r) => r.health)).toEqual(Option.some(failing))
        // An edit keeps the health.
        yield* bookmarks.edit(a.id, { title: "Edited" })
        expect(Option.map(yield* bookmarks.get(a.id), (r) => r.health)).toEqual(Option.some(gone))

        const ids = (params: Pagination.ListParams, accountId = account.id) =>
          Effect.map(bookmarks.list(accountId, list(params)), (rows) => rows.map((r) => r.id))
        expect(yield* ids({ q: "is:broken" })).toEqual([a.id])
        expect(yield* ids({ q: "is:gone" })).toEqual([a.id])
        expect(yield* ids({ health: "broken" })).toEqual([a.id])
        expect(yield* ids({ health: "broken", q: "-is:gone" })).toEqual([])
        expect(yield* ids({ health: "unreachable" })).toEqual([])
        expect(yield* ids({ health: "moved" }, other.id)).toEqual([b.id])
        expect(yield* ids({ q: "-is:broken" })).toEqual([c.id, note.id, processing.id])

        // Due again when its record says: the failing one sooner than the others.
        expect(yield* claim(now + 1_000)).toEqual([c.id])
        yield* bookmarks.postponeLinkCheck(c.id, now + 2_000)
        expect(yield* claim(now + 1_999)).toEqual([])
        expect(yield* claim(now + 2_000)).toEqual([c.id])
        const unreachable: LinkHealth.Health = { state: "unreachable", checkedAt: now + 2_000, failures: 3 }
        yield* bookmarks.recordLinkCheck(c.id, unreachable, now + 2_000 + interval)
        expect(yield* ids({ health: "broken" })).toEqual([c.id, a.id])
        expect((yield* claim(now + interval)).sort()).toEqual([a.id, b.id].sort())
      })))
  })
