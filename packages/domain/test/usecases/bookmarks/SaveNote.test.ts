/** Text notes: no URL, listed and searched, and finishing one emits bookmark.saved. */
import { Errors, getBookmark, listBookmarks, registerWebhook, saveNote } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld, runDueDeliveries, runDueJobs } from "../../support/World.js"

describe("text notes", () => {
  it.effect("a note has no URL, is listed and found by its words, and finishing it emits bookmark.saved", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const note = yield* saveNote(accountId, {
          title: "Harpsichord tuning",
          text: "Temperament matters. Meantone sounds sweet.",
          tags: "music"
        })
        expect(note.url).toBe("")
        yield* runDueJobs
        expect(world.fetcher.calls).toEqual([])
        const full = yield* getBookmark(accountId, note.id)
        expect(full).toMatchObject({
          type: "textNote",
          title: "Harpsichord tuning",
          note: "Temperament matters. Meantone sounds sweet.",
          status: "ready"
        })
        expect(full.summary).toBe("Temperament matters.")
        expect(full.tags[0]).toBe("music")
        const found = yield* listBookmarks(accountId, { q: "meantone" })
        expect(found.bookmarks.map((b) => b.id)).toEqual([note.id])
        const outcomes = yield* runDueDeliveries
        expect(outcomes.map((o) => JSON.parse(o.claimed.delivery.body).data.id)).toEqual([note.id])
        yield* failureOf(saveNote(accountId, { title: " ", text: "" }), Errors.InvalidInput)
      })
    ))
})
