/** Reading a saved page's text in chunks: the walk covers the text once, never splits a pair, refuses bad offsets. */
import {
  Bookmark,
  type BookmarkContent,
  BookmarkId,
  Bookmarks,
  chunkEnd,
  chunkLength,
  Errors,
  listTags,
  readBookmarkContent
} from "@bookmark-library/domain"
import { Fixtures, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf } from "../../support/World.js"

const withText = (pageText: string) =>
  Effect.gen(function*() {
    const { principal } = yield* Fixtures.accountWithKey()
    const ack = yield* Fixtures.save(principal, { url: "https://example.com/long", tags: "reading" })
    const bookmarks = yield* Bookmarks
    yield* bookmarks.complete(BookmarkId.make(ack.id), {
      derived: { ...Bookmark.emptyDerived, title: "Long read" },
      processingError: "",
      pageText
    })
    return { accountId: principal.account.id, id: ack.id }
  })

describe("readBookmarkContent", () => {
  it.effect("walks the text chunk by chunk with nextOffset until null, and the chunks join to the whole", () =>
    Effect.gen(function*() {
      const text = "word ".repeat(Math.ceil((chunkLength * 2.5) / 5))
      const { accountId, id } = yield* withText(text)
      const chunks: Array<string> = []
      let offset: number | null = 0
      while (offset !== null) {
        const content: BookmarkContent = yield* readBookmarkContent(accountId, id, offset)
        expect(content).toMatchObject({ id, title: "Long read", status: "ready", offset, totalLength: text.length })
        expect(content.text.length).toBeLessThanOrEqual(chunkLength)
        chunks.push(content.text)
        offset = content.nextOffset
      }
      expect(chunks).toHaveLength(3)
      expect(chunks.join("")).toBe(text)
    }).pipe(Effect.provide(TestApp.layer())))

  it("never ends a chunk between the halves of a surrogate pair", () => {
    const text = "a".repeat(9) + "😀b"
    expect(chunkEnd(text, 0, 10)).toBe(9)
    expect(text.slice(9, chunkEnd(text, 9, 10))).toBe("😀b")
    expect(chunkEnd(text, 0, 11)).toBe(11)
  })

  it.effect("a page still processing has no text yet; an offset past the end or fractional is refused", () =>
    Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey()
      const ack = yield* Fixtures.save(principal, { url: "https://example.com/new" })
      const empty = yield* readBookmarkContent(principal.account.id, ack.id, 0)
      expect(empty).toMatchObject({ status: "processing", text: "", totalLength: 0, nextOffset: null })
      for (const offset of [1, -1, 0.5]) {
        const refused = yield* failureOf(readBookmarkContent(principal.account.id, ack.id, offset), Errors.InvalidInput)
        expect(refused.message).toBe("offset: must be an integer from 0 to 0")
      }
    }).pipe(Effect.provide(TestApp.layer())))

  it.effect("another account's bookmark is forbidden, an unknown id not found", () =>
    Effect.gen(function*() {
      const { id } = yield* withText("secret text")
      const other = yield* Fixtures.accountWithKey()
      yield* failureOf(readBookmarkContent(other.principal.account.id, id, 0), Errors.Forbidden)
      yield* failureOf(readBookmarkContent(other.principal.account.id, "bmk_nope", 0), Errors.NotFound)
    }).pipe(Effect.provide(TestApp.layer())))
})

describe("listTags", () => {
  it.effect("lists the account's tags with counts, most used first", () =>
    Effect.gen(function*() {
      const { principal } = yield* Fixtures.accountWithKey()
      yield* Fixtures.save(principal, { url: "https://example.com/1", tags: "Reading, later" })
      yield* Fixtures.save(principal, { url: "https://example.com/2", tags: ["reading"] })
      const other = yield* Fixtures.accountWithKey()
      yield* Fixtures.save(other.principal, { url: "https://example.com/3", tags: ["elsewhere"] })
      expect(yield* listTags(principal.account.id)).toEqual({
        tags: [{ tag: "reading", count: 2 }, { tag: "later", count: 1 }]
      })
    }).pipe(Effect.provide(TestApp.layer())))
})
