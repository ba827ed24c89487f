/** Bulk actions: every action with per-item results, selection by ids or search, refusals, and a job's progress. */
import {
  Actor,
  Bulk,
  BulkPace,
  bulkProgress,
  createList,
  Errors,
  getBookmark,
  listPage,
  operationOf,
  runBulk,
  selectionOf
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

/** No rest between batches (the test clock does not move by itself); each world has its own storage. */
const isolated = <A, E, R>(effect: Effect.Effect<A, E, R>) => effect.pipe(Effect.provideService(BulkPace, { rest: 0 }))

const bulk = (
  accountId: Parameters<typeof runBulk>[0],
  input: Bulk.BatchPayload
) =>
  Effect.gen(function*() {
    const operation = yield* operationOf(input)
    const selection = yield* selectionOf(input)
    return yield* runBulk(accountId, operation, selection)
  })

describe("bulk actions", () => {
  it.effect("applies each action and answers every item: ok, not_found (unknown or another account's)", () =>
    inWorld(() =>
      isolated(Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const a = yield* Fixtures.save(principal, { url: "https://example.com/a", tags: ["keep"] })
        const b = yield* Fixtures.save(principal, { url: "https://example.com/b" })
        const theirs = yield* Fixtures.save(other.principal, { url: "https://example.com/theirs" })
        const ids = [a.id, b.id, "bmk_unknown", theirs.id, "not an id!"]

        const tagged = yield* bulk(account.id, { action: "addTags", ids, tags: ["Rust", "go"] })
        expect(tagged).toMatchObject({ state: "done", total: 5, done: 5, ok: 2, notFound: 3, failed: 0 })
        expect(tagged.results.map((r) => r.result)).toEqual(["ok", "ok", "not_found", "not_found", "not_found"])
        expect((yield* getBookmark(account.id, a.id)).tags).toEqual(["keep", "Rust", "go"])
        // Another account's bookmark is untouched.
        expect((yield* getBookmark(other.account.id, theirs.id)).tags).toEqual([])

        yield* bulk(account.id, { action: "removeTags", ids: [a.id, b.id], tags: ["rust"] })
        expect((yield* getBookmark(account.id, a.id)).tags).toEqual(["keep", "go"])
        expect((yield* getBookmark(account.id, b.id)).tags).toEqual(["go"])

        yield* bulk(account.id, { action: "favourite", ids: [a.id, b.id] })
        yield* bulk(account.id, { action: "archive", ids: [b.id] })
        expect(yield* getBookmark(account.id, b.id)).toMatchObject({ favourite: true, archived: true })
        yield* bulk(account.id, { action: "unfavourite", ids: [b.id] })
        yield* bulk(account.id, { action: "unarchive", ids: [b.id] })
        expect(yield* getBookmark(account.id, b.id)).toMatchObject({ favourite: false, archived: false })

        const list = yield* createList(account.id, { name: "Reading" })
        yield* bulk(account.id, { action: "addToList", ids: [a.id, b.id], listId: list.id })
        const page = yield* listPage(account.id, list.id, {})
        expect(page.bookmarks.map((x) => x.id).sort()).toEqual([a.id, b.id].sort())
        yield* bulk(account.id, { action: "removeFromList", ids: [a.id], listId: list.id })
        expect((yield* listPage(account.id, list.id, {})).bookmarks.map((x) => x.id)).toEqual([b.id])

        const deleted = yield* bulk(account.id, { action: "delete", ids: [a.id, a.id, "bmk_gone"] })
        // A repeated id counts once.
        expect(deleted.results).toEqual([{ id: a.id, result: "ok" }, { id: "bmk_gone", result: "not_found" }])
        expect(yield* failureOf(getBookmark(account.id, a.id), Errors.NotFound)).toBeDefined()
        const refreshed = yield* bulk(account.id, { action: "refresh", ids: [b.id, a.id] })
        expect(refreshed.results.map((r) => r.result)).toEqual(["ok", "not_found"])
      }))
    ))

  it.effect("a tag add that would pass the tag limit fails for that item only", () =>
    inWorld(() =>
      isolated(Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const many = Array.from({ length: 32 }, (_, i) => `t${i}`)
        const full = yield* Fixtures.save(principal, { url: "https://example.com/full", tags: many })
        const empty = yield* Fixtures.save(principal, { url: "https://example.com/empty" })
        const answer = yield* bulk(account.id, { action: "addTags", ids: [full.id, empty.id], tags: ["new"] })
        expect(answer.results).toEqual([
          { id: full.id, result: "error", reason: "would carry more than 32 tags" },
          { id: empty.id, result: "ok" }
        ])
        expect(answer).toMatchObject({ ok: 1, failed: 1 })
      }))
    ))

  it.effect("selects by search on the server: every match, not only a page", () =>
    inWorld(() =>
      isolated(Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        for (let i = 0; i < 150; i++) {
          yield* Fixtures.save(principal, { url: `https://example.com/${i}`, tags: i % 3 === 0 ? ["three"] : [] })
        }
        const answer = yield* bulk(account.id, { action: "favourite", q: "#three" })
        expect(answer).toMatchObject({ state: "done", total: 50, ok: 50 })
        const starred = yield* bulk(account.id, { action: "archive", q: "is:favourite" })
        expect(starred.total).toBe(50)
      }))
    ))

  it.effect("refuses bad input before touching anything", () =>
    inWorld(() =>
      isolated(Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const refused = (input: Bulk.BatchPayload) => failureOf(bulk(account.id, input), Errors.InvalidInput)
        expect(yield* refused({ action: "favourite" })).toMatchObject({ field: "ids" })
        expect(yield* refused({ action: "favourite", ids: ["bmk_a"], q: "x" })).toMatchObject({ field: "ids" })
        expect(yield* refused({ action: "favourite", ids: [] })).toMatchObject({ field: "ids" })
        const tooMany = Array.from({ length: Bulk.maxIds + 1 }, (_, i) => `bmk_${i}`)
        expect(yield* refused({ action: "favourite", ids: tooMany })).toMatchObject({ field: "ids" })
        expect(yield* refused({ action: "addTags", ids: ["bmk_a"] })).toMatchObject({ field: "tags" })
        expect(yield* refused({ action: "addTags", ids: ["bmk_a"], tags: [" "] })).toMatchObject({ field: "tags" })
        expect(yield* refused({ action: "favourite", ids: ["bmk_a"], tags: ["x"] })).toMatchObject({ field: "tags" })
        expect(yield* refused({ action: "addToList", ids: ["bmk_a"] })).toMatchObject({ field: "listId" })
        expect(yield* refused({ action: "delete", ids: ["bmk_a"], listId: "lst_x" })).toMatchObject({
          field: "listId"
        })
        expect(yield* refused({ action: "delete", q: "(" + "(".repeat(40) })).toMatchObject({ field: "q" })
        const theirs = yield* createList(other.account.id, { name: "Theirs" })
        expect(
          yield* failureOf(
            bulk(account.id, { action: "addToList", ids: ["bmk_a"], listId: theirs.id }),
            Errors.Forbidden
          )
        ).toMatchObject({ resource: "list" })
        expect(
          yield* failureOf(
            bulk(account.id, { action: "addToList", ids: ["bmk_a"], listId: "lst_none" }),
            Errors.NotFound
          )
        ).toMatchObject({ resource: "list" })
      }))
    ))

  it.effect("a large selection runs as a job whose progress only its account reads", () =>
    inWorld(() =>
      isolated(Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const total = Bulk.jobThreshold + 130
        for (let i = 0; i < total; i++) yield* Fixtures.save(principal, { url: `https://example.com/${i}` })
        const started = yield* bulk(account.id, { action: "addTags", q: "example", tags: ["bulk"] })
        expect(started).toMatchObject({ state: "running", total, done: 0, finishedAt: null })
        let progress = started
        let seenPartial = false
        while (progress.state === "running") {
          yield* Effect.yieldNow
          progress = yield* bulkProgress(Actor.account(account.id), started.id)
          if (progress.done > 0 && progress.done < total) seenPartial = true
        }
        expect(seenPartial).toBe(true)
        // A job keeps only the items that were not ok.
        expect(progress).toMatchObject({ state: "done", total, done: total, ok: total, results: [] })
        const tagged = yield* bulk(account.id, { action: "favourite", q: "#bulk" })
        expect(tagged.total).toBe(total)
        expect(yield* failureOf(bulkProgress(Actor.account(other.account.id), started.id), Errors.NotFound))
          .toMatchObject({ resource: "batch" })
        expect((yield* bulkProgress(Actor.operator, started.id)).done).toBe(total)
      }))
    ))
})
