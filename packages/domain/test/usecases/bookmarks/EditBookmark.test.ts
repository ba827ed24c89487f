/** Edits override derived values and survive processing; bad edits name their field. */
import { Actor, editBookmark, Errors, getBookmark } from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://blog.example.com/post"

describe("editBookmark", () => {
  it.effect("overrides win over derived values and survive a later completion", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Derived Title", "Derived description")))
        const ack = yield* Fixtures.save(principal, { url, tags: ["caller"], note: "api note" })
        const edited = yield* editBookmark(Actor.operator, ack.id, {
          title: "My Title",
          tags: "Edited, edited, mine",
          note: "app note"
        })
        expect(edited).toMatchObject({ title: "My Title", tags: ["Edited", "mine"], note: "app note" })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({
          status: "ready",
          title: "My Title",
          description: "Derived description",
          tags: ["Edited", "mine"],
          note: "app note"
        })
        // Edits after completion win too, and merge with earlier ones.
        const later = yield* editBookmark(Actor.operator, ack.id, { description: "My description" })
        expect(later).toMatchObject({ title: "My Title", description: "My description" })
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          description: "My description",
          title: "My Title"
        })
      })
    ))

  it.effect("refuses bad edits with the field, and an unknown bookmark with NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(principal, { url })
        for (
          const [payload, field] of [
            [{ title: "t".repeat(1_001) }, "title"],
            [{ description: "d".repeat(5_001) }, "description"],
            [{ note: "n".repeat(10_001) }, "note"],
            [{ tags: ["x".repeat(65)] }, "tags"]
          ] as const
        ) {
          expect((yield* failureOf(editBookmark(Actor.operator, ack.id, payload), Errors.InvalidInput)).field).toBe(
            field
          )
        }
        expect(yield* failureOf(editBookmark(Actor.operator, "bmk_nope", { title: "x" }), Errors.NotFound))
          .toMatchObject({ resource: "bookmark" })
      })
    ))
})
