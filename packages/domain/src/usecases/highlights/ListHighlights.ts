/** Use cases: the highlights of one bookmark, and pages of every highlight of the account (docs/reading.md). */
import { Effect, Option, Result } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import * as Highlight from "../../Highlight.js"
import type { AccountId, BookmarkId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Highlights } from "../../ports/Highlights.js"
import { Lists } from "../../ports/Lists.js"
import * as Text from "../../Text.js"
import { ownedRecord } from "../bookmarks/OwnedBookmark.js"
import { ownedList } from "../lists/OwnedList.js"

export const bookmarkHighlights = Effect.fn("BookmarkHighlights")(function*(accountId: AccountId, id: string) {
  const bookmark = yield* ownedRecord(accountId, id)
  const records = yield* (yield* Highlights).ofBookmark(bookmark.id)
  return { bookmark, records, highlights: records.map(Highlight.present) }
})

/** The bookmarks of a list of the account, to page only their highlights. */
export const listMembers = Effect.fn("ListMembers")(function*(accountId: AccountId, listId: string) {
  const list = yield* ownedList(accountId, listId)
  return { list, ids: yield* (yield* Lists).memberIds([list.id]) }
})

/** The filters of a page, as text from a query string or a form. */
export interface PageInput {
  readonly limit?: string | undefined
  readonly before?: string | undefined
  readonly q?: string | undefined
  readonly tag?: string | undefined
}

const maxWords = 20

const wordsOf = (q: string): Result.Result<ReadonlyArray<string>, InvalidInput> => {
  const problem = Text.problem(q)
  if (problem !== undefined) return Result.fail(new InvalidInput({ field: "q", reason: problem, code: "invalid_text" }))
  if (q.length > Pagination.maxQueryLength) {
    return Result.fail(
      new InvalidInput({ field: "q", reason: `must be at most ${Pagination.maxQueryLength} characters` })
    )
  }
  const words = q.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w))
  if (words.length > maxWords) return Result.fail(new InvalidInput({ field: "q", reason: `at most ${maxWords} words` }))
  return Result.succeed(words)
}

/** A page of the account's highlights, newest first; `nextBefore` continues it. */
export const highlightPage = Effect.fn("HighlightPage")(function*(
  accountId: AccountId,
  input: PageInput,
  only: Option.Option<ReadonlyArray<BookmarkId>> = Option.none()
) {
  const limit = yield* Effect.fromResult(Highlight.parseLimit(input.limit))
  const before = input.before === undefined || input.before === ""
    ? Option.none()
    : Option.some(yield* Effect.fromResult(Highlight.readCursor(input.before)))
  const words = yield* Effect.fromResult(wordsOf(input.q ?? ""))
  const tag = input.tag === undefined || input.tag.trim() === "" ? Option.none() : Option.some(input.tag.trim())
  const records = yield* (yield* Highlights).page(accountId, {
    before,
    limit: limit + 1,
    words,
    tag,
    bookmarkIds: only
  })
  const shown = records.slice(0, limit)
  const last = shown[shown.length - 1]
  return {
    records: shown,
    page: {
      highlights: shown.map(Highlight.present),
      nextBefore: records.length > limit && last !== undefined ? Highlight.writeCursor(last) : null
    } satisfies Highlight.HighlightPage
  }
})

/** The bookmarks the highlights are of, by id (those deleted meanwhile are absent). */
export const sourcesOf = Effect.fn("HighlightSources")(function*(records: ReadonlyArray<Highlight.Record>) {
  const bookmarks = yield* Bookmarks
  const out = new Map<string, Bookmark.Record>()
  for (const id of new Set(records.map((r) => r.bookmarkId))) {
    const found = yield* bookmarks.get(id)
    if (Option.isSome(found)) out.set(id, found.value)
  }
  return out
})

/** One bookmark's highlights as Markdown: title and link, then each passage as a blockquote with its note. */
export const bookmarkHighlightsMarkdown = Effect.fn("BookmarkHighlightsMarkdown")(
  function*(accountId: AccountId, id: string) {
    const { bookmark, records } = yield* bookmarkHighlights(accountId, id)
    return Highlight.markdown({ title: Bookmark.effective(bookmark).title, url: bookmark.url }, records)
  }
)
