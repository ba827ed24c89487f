/** An account acts only on its own bookmarks: another account's is Forbidden. */
import { Actor, deleteBookmark, editBookmark, Errors, getBookmark, refreshBookmark } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("another account's bookmark", () => {
  it.effect("another account's bookmark cannot be edited, refreshed or deleted", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const mine = yield* Fixtures.accountWithKey()
        const theirs = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(theirs.principal, { url: "https://example.com/theirs" })
        const me = mine.principal.account.id
        yield* failureOf(editBookmark(Actor.account(me), ack.id, { title: "stolen" }), Errors.Forbidden)
        yield* failureOf(refreshBookmark(me, ack.id), Errors.Forbidden)
        yield* failureOf(deleteBookmark(me, ack.id), Errors.Forbidden)
        expect((yield* getBookmark(theirs.principal.account.id, ack.id)).title).toBe("")
      })
    ))
})
