/** Feeds and shared pages: tokens stored hashed, what each opens, revocation, and the refusals. */
import {
  addToList,
  createFeed,
  createList,
  deleteList,
  Errors,
  listFeeds,
  readFeed,
  readSharedList,
  revokeFeed,
  SecretLink,
  SecretLinks
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("feeds and shared pages", () => {
  it.effect("a tag's and a list's feed, a list's page; the token is stored only as its hash; revoked is gone", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const saved = yield* Fixtures.save(principal, { url: "https://example.com/f", tags: "Rust" })
        const list = yield* createList(account.id, { name: "Reading" })
        yield* addToList(account.id, list.id, [saved.id])
        const tagFeed = yield* createFeed(account.id, { tag: "rust" })
        expect(tagFeed.token).toMatch(/^fd_[0-9A-Za-z]{40}$/)
        const stored = yield* (yield* SecretLinks).list(account.id)
        expect(JSON.stringify(stored)).not.toContain(tagFeed.token)
        expect(stored[0]?.tokenHash).toBe(SecretLink.hash(tagFeed.token))
        expect(yield* readFeed(tagFeed.token)).toMatchObject({ title: "#rust", items: [{ id: saved.id }] })
        const listFeed = yield* createFeed(account.id, { list: list.id })
        expect(yield* readFeed(listFeed.token)).toMatchObject({ title: "Reading", items: [{ id: saved.id }] })
        const page = yield* createFeed(account.id, { list: list.id }, "page")
        expect(page.token).toMatch(/^sh_/)
        expect(yield* readSharedList(page.token)).toMatchObject({ name: "Reading", items: [{ id: saved.id }] })
        // A token opens only what it was made for.
        expect(yield* failureOf(readFeed(page.token), Errors.NotFound)).toMatchObject({ resource: "feed" })
        expect(yield* failureOf(readSharedList(listFeed.token), Errors.NotFound)).toBeDefined()
        expect((yield* listFeeds(account.id)).map((f) => f.purpose).sort()).toEqual(["feed", "feed", "page"])
        expect(yield* revokeFeed(account.id, tagFeed.feed.id)).toEqual({ ok: true })
        expect(yield* failureOf(readFeed(tagFeed.token), Errors.NotFound)).toBeDefined()
        // A deleted list takes its feed and page with it.
        yield* deleteList(account.id, list.id)
        expect(yield* failureOf(readFeed(listFeed.token), Errors.NotFound)).toBeDefined()
        expect(yield* failureOf(readSharedList(page.token), Errors.NotFound)).toBeDefined()
      })
    ))

  it.effect("refuses nothing to show, another account's list and feed, and tokens of the wrong shape", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const theirs = yield* createList(other.account.id, { name: "Theirs" })
        expect(yield* failureOf(createFeed(account.id, {}), Errors.InvalidInput)).toMatchObject({ field: "tag" })
        expect(yield* failureOf(createFeed(account.id, { tag: "a" }, "page"), Errors.InvalidInput)).toMatchObject({
          field: "list"
        })
        expect(yield* failureOf(createFeed(account.id, { list: theirs.id }), Errors.Forbidden)).toBeDefined()
        const their = yield* createFeed(other.account.id, { list: theirs.id })
        expect(yield* failureOf(revokeFeed(account.id, their.feed.id), Errors.Forbidden)).toBeDefined()
        for (const token of ["", "fd_short", `fd_${"!".repeat(40)}`, their.token.slice(0, -1)]) {
          expect(yield* failureOf(readFeed(token), Errors.NotFound)).toBeDefined()
        }
      })
    ))
})
