/** Listing: the cursor walk visits every bookmark once, newest first; filters; every bad parameter is refused. */
import { AccountId, Bookmark, Bookmarks, Errors, listBookmarks, type Pagination } from "@bookmark-library/domain"
import { Fixtures, TestApp } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Gen from "../../support/Gen.js"
import { failureOf, inWorld } from "../../support/World.js"

let serial = 0

/** Follows `nextBefore` until it is null; fails the test if the walk does not end. */
const walk = (accountId: AccountId, limit: number, extra: Pagination.ListParams = {}) =>
  Effect.gen(function*() {
    const pages: Array<{ ids: Array<string>; createdAt: Array<string>; nextBefore: string | null }> = []
    let before: string | undefined
    for (let i = 0; i < 1_000; i++) {
      const page = yield* listBookmarks(accountId, {
        ...extra,
        limit: String(limit),
        ...(before === undefined ? {} : { before })
      })
      pages.push({
        ids: page.bookmarks.map((b) => b.id),
        createdAt: page.bookmarks.map((b) => b.createdAt),
        nextBefore: page.nextBefore
      })
      if (page.nextBefore === null) return pages
      before = page.nextBefore
    }
    return yield* Effect.die(new Error("the walk never ended"))
  })

// One in-memory library for all cases; each case works in accounts of its own.
layer(TestApp.layer())("Cursor walk (property)", (it) => {
  it.effect.prop(
    "walking with nextBefore yields every bookmark exactly once, newest first, then nextBefore null",
    {
      gaps: Gen.array(Gen.constantFrom(0, 0, 0, 0, 1, 2, 999, 60_000), { minLength: 0, maxLength: 150 }),
      others: Gen.array(Gen.boolean, { minLength: 150, maxLength: 150 }),
      limit: Gen.integer({ min: 1, max: 100 }),
      start: Gen.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") })
    },
    ({ gaps, limit, others, start }) =>
      Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = AccountId.make(`acc_walk${serial++}`)
        const neighbour = AccountId.make(`acc_walk${serial++}`)
        const saved: Array<Bookmark.Record> = []
        let now = start
        for (const [i, gap] of gaps.entries()) {
          now += gap
          saved.push(yield* bookmarks.insert(Contracts.newBookmark(account, now)))
          // Another account saving in the same millisecond never shows up nor shifts the cursor.
          if (others[i]) yield* bookmarks.insert(Contracts.newBookmark(neighbour, now))
        }
        const pages = yield* walk(account, limit)
        const ids = pages.flatMap((p) => p.ids)
        expect(ids).toEqual(saved.map((r) => r.id).reverse())
        expect(new Set(ids).size).toBe(saved.length)
        const times = pages.flatMap((p) => p.createdAt).map(Date.parse)
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1] ?? Infinity)
        // Every page but the last is full; only the last has a null cursor, and it is never an empty extra page.
        pages.forEach((p, i) => {
          const last = i === pages.length - 1
          expect(p.nextBefore === null).toBe(last)
          if (!last) expect(p.ids).toHaveLength(limit)
          if (last && saved.length > 0) expect(p.ids.length).toBeGreaterThan(0)
        })
        expect(pages).toHaveLength(Math.max(1, Math.ceil(saved.length / limit)))
      }),
    { arbitrary: { runs: 60 } }
  )
})

describe("listBookmarks", () => {
  it.effect("filters by effective tag (ignoring case), by type and by text, and returns list rows", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const bookmarks = yield* Bookmarks
        const rust = yield* Fixtures.save(principal, { url: "https://rust-lang.org/", tags: ["Rust"] })
        const go = yield* Fixtures.save(principal, { url: "https://go.dev/", tags: "go" })
        const both = yield* Fixtures.save(principal, { url: "https://example.com/ffi", tags: ["rust", "go"] })
        yield* bookmarks.complete(go.id, {
          derived: { ...Bookmark.emptyDerived, type: "image", title: "Gopher picture", tags: ["gopher"] },
          processingError: "",
          pageText: "A gopher"
        })
        const byTag = yield* listBookmarks(account.id, { tag: "RUST" })
        expect(byTag.bookmarks.map((b) => b.id)).toEqual([both.id, rust.id])
        const byGenerated = yield* listBookmarks(account.id, { tag: "gopher" })
        expect(byGenerated.bookmarks.map((b) => b.id)).toEqual([go.id])
        const byType = yield* listBookmarks(account.id, { type: "image" })
        expect(byType.bookmarks.map((b) => b.id)).toEqual([go.id])
        expect(byType.nextBefore).toBeNull()
        const byText = yield* listBookmarks(account.id, { q: "gopher" })
        expect(byText.bookmarks.map((b) => b.id)).toEqual([go.id])
        expect(Object.keys(byType.bookmarks[0] ?? {}).sort()).toEqual(
          ["createdAt", "description", "favicon", "id", "status", "tags", "title", "type", "url"]
        )
        expect((yield* listBookmarks(account.id, { type: "article" })).bookmarks).toEqual([])
      })
    ))

  it.effect("defaults to 50 rows and clamps limit=500 to 100", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const account = AccountId.make("acc_clamp")
        for (let i = 0; i < 120; i++) yield* bookmarks.insert(Contracts.newBookmark(account, 1_000))
        const clamped = yield* listBookmarks(account, { limit: "500" })
        expect(clamped.bookmarks).toHaveLength(100)
        expect(clamped.nextBefore).not.toBeNull()
        const byDefault = yield* listBookmarks(account, {})
        expect(byDefault.bookmarks).toHaveLength(50)
        const rest = yield* listBookmarks(account, { limit: "100", before: clamped.nextBefore ?? "" })
        expect(rest.bookmarks).toHaveLength(20)
        expect(rest.nextBefore).toBeNull()
      })
    ))
})

describe("listBookmarks rejects bad parameters with InvalidInput naming the field and the reason", () => {
  const cases: ReadonlyArray<[string, Pagination.ListParams, string, RegExp]> = [
    ["limit=0", { limit: "0" }, "limit", /integer from 1 to 2147483647/],
    ["limit=abc", { limit: "abc" }, "limit", /integer from 1 to 2147483647/],
    ["limit=1.5", { limit: "1.5" }, "limit", /integer from 1 to 2147483647/],
    ["limit=-3", { limit: "-3" }, "limit", /integer from 1 to 2147483647/],
    ["limit empty", { limit: "" }, "limit", /integer from 1 to 2147483647/],
    ["limit past 32 bits", { limit: "2147483648" }, "limit", /integer from 1 to 2147483647/],
    ["limit in other digits", { limit: "\u0661\u0662" }, "limit", /integer from 1 to 2147483647/],
    ["before not a timestamp", { before: "yesterday" }, "before", /ISO 8601 timestamp/],
    ["before with month 13", { before: "2026-13-01T00:00:00.000Z" }, "before", /ISO 8601 timestamp/],
    ["before on 30 February", { before: "2026-02-30T00:00:00.000Z" }, "before", /ISO 8601 timestamp/],
    ["before as epoch digits", { before: "1767225600000" }, "before", /ISO 8601 timestamp/],
    ["an unknown type", { type: "podcast" }, "type", /must be one of website, article, image, textNote, pdf, video/],
    ["a query over 500 characters", { q: "q".repeat(501) }, "q", /at most 500 characters/],
    ["a url filter that is no http URL", { url: "ftp://example.com/" }, "url", /scheme 'ftp'/],
    ["a tag over 64 characters", { tag: "t".repeat(65) }, "tag", /at most 64 characters/]
  ]
  const textCases: ReadonlyArray<[string, Pagination.ListParams, string]> = [
    ["NUL in q", { q: "a\u0000b" }, "q"],
    ["NUL in tag", { tag: "\u0000" }, "tag"],
    ["a lone surrogate in type", { type: "\ud800" }, "type"],
    ["NUL in before", { before: "2026-01-01T00:00:00Z\u0000" }, "before"],
    ["NUL in limit", { limit: "5\u0000" }, "limit"],
    ["a lone surrogate in url", { url: "https://example.com/\udc00" }, "url"]
  ]
  for (const [name, params, field] of textCases) {
    it.effect(`${name} is invalid_text`, () =>
      inWorld(() =>
        Effect.gen(function*() {
          const error = yield* failureOf(listBookmarks(AccountId.make("acc_x"), params), Errors.InvalidInput)
          expect(error.field).toBe(field)
          expect(error.code).toBe("invalid_text")
        })
      ))
  }
  it.effect("an empty or blank q, tag, type or url means no filter", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const saved = yield* Fixtures.save(principal, { url: "https://example.com/", tags: ["kept"] })
        for (
          const params of [{ q: "" }, { q: "   " }, { tag: "" }, { tag: " " }, { type: "" }, { url: "" }, { url: " " }]
        ) {
          const page = yield* listBookmarks(account.id, params)
          expect(page.bookmarks.map((b) => b.id), JSON.stringify(params)).toEqual([saved.id])
        }
      })
    ))
  for (const [name, params, field, reason] of cases) {
    it.effect(name, () =>
      inWorld(() =>
        Effect.gen(function*() {
          const error = yield* failureOf(listBookmarks(AccountId.make("acc_x"), params), Errors.InvalidInput)
          expect(error.field).toBe(field)
          expect(error.reason).toMatch(reason)
        })
      ))
  }
})
