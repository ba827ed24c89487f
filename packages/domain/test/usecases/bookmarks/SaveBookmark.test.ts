/** Saving: the acknowledgement, the enqueued job, and every input rule rejecting with the field and the reason. */
import { Bookmark, Errors, getBookmark, Job, Jobs, saveBookmark } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld } from "../../support/World.js"

describe("saveBookmark", () => {
  it.effect("acknowledges {id, url, status: processing} at once and enqueues one enrichment job", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.parse("2026-01-31T12:00:00.000Z"))
        const { principal } = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(principal, {
          url: "HTTPS://Example.COM/a b?x=1",
          tags: "news, News ,tech",
          note: "read later"
        })
        expect(Object.keys(ack).sort()).toEqual(["id", "status", "url"])
        expect(ack).toMatchObject({ url: "https://example.com/a%20b?x=1", status: "processing" })
        expect(ack.id).toMatch(/^bmk_[0-9A-Za-z]{22}$/)
        // Nothing was fetched to answer.
        expect(fetcher.calls).toEqual([])
        const jobs = yield* Jobs
        expect(yield* jobs.pending).toBe(1)
        const claimed = yield* jobs.claim({ now: Date.parse("2026-01-31T12:00:00.000Z"), lease: Job.lease, max: 10 })
        expect(claimed.map((j) => j.bookmarkId)).toEqual([ack.id])
        const saved = yield* getBookmark(principal.account.id, ack.id)
        expect(saved).toMatchObject({
          status: "processing",
          tags: ["news", "tech"],
          note: "read later",
          summary: "",
          title: "",
          createdAt: "2026-01-31T12:00:00.000Z",
          processingError: ""
        })
      })
    ))

  it.effect("is not idempotent: saving the same URL twice stores two bookmarks", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const a = yield* Fixtures.save(principal, { url: "https://example.com/" })
        const b = yield* Fixtures.save(principal, { url: "https://example.com/" })
        expect(a.id).not.toBe(b.id)
        expect(yield* (yield* Jobs).pending).toBe(2)
      })
    ))

  it.effect("accepts a URL of exactly 2048 characters, 32 tags of 64 characters and a note of 10,000", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const url = "https://example.com/" + "a".repeat(2048 - "https://example.com/".length)
        const tags = Array.from({ length: 32 }, (_, i) => String(i).padStart(64, "x"))
        const ack = yield* Fixtures.save(principal, { url, tags, note: "n".repeat(Bookmark.maxNoteLength) })
        expect(ack.url).toHaveLength(2048)
      })
    ))
})

describe("saveBookmark rejects bad input with InvalidInput naming the field and the reason", () => {
  const url = "https://example.com/"
  const cases: ReadonlyArray<[string, Bookmark.CreatePayload, string, RegExp]> = [
    ["a javascript: URL", { url: "javascript:alert(1)" }, "url", /scheme 'javascript' is not allowed/],
    ["a data: URL", { url: "data:text/html,hi" }, "url", /scheme 'data' is not allowed/],
    ["a 2049-character URL", { url: url + "a".repeat(2049 - url.length) }, "url", /at most 2048 characters/],
    ["an empty URL", { url: "  " }, "url", /must not be empty/],
    ["a relative URL", { url: "/path/only" }, "url", /absolute URL/],
    ["a URL with credentials", { url: "https://user:pw@example.com/" }, "url", /credentials/],
    ["33 tags", { url, tags: Array.from({ length: 33 }, (_, i) => `tag${i}`) }, "tags", /at most 32 tags/],
    [
      "33 tags in a comma string",
      { url, tags: Array.from({ length: 33 }, (_, i) => `tag${i}`).join(",") },
      "tags",
      /at most 32 tags/
    ],
    ["a 65-character tag", { url, tags: ["fine", "t".repeat(65)] }, "tags", /at most 64 characters/],
    ["a note over 10,000 characters", { url, note: "n".repeat(10_001) }, "note", /at most 10000 characters/]
  ]
  for (const [name, payload, field, reason] of cases) {
    it.effect(name, () =>
      inWorld(() =>
        Effect.gen(function*() {
          const { account } = yield* Fixtures.accountWithKey()
          const error = yield* failureOf(saveBookmark(account.id, payload, "api"), Errors.InvalidInput)
          expect(error.field).toBe(field)
          expect(error.reason).toMatch(reason)
          expect(error.message).toBe(`${field}: ${error.reason}`)
          // A rejected save stores nothing and enqueues nothing.
          expect(yield* (yield* Jobs).pending).toBe(0)
        })
      ))
  }
})
