/**
 * What reading the account's vocabulary costs at enrichment time (docs/enrichment.md, "Tags"): the tags of a
 * 2,000-bookmark library written to an in-memory PGlite, then `Bookmarks.tags` (one read per enrichment job) timed.
 */
import { SqlStorage } from "@bookmark-library/adapters"
import { AccountId, Accounts, Bookmark, BookmarkId, Bookmarks, type ImportedBookmark } from "@bookmark-library/domain"
import { Effect } from "effect"

export const measure = (library: ReadonlyArray<ReadonlyArray<string>>, reads = 30) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    const bookmarks = yield* Bookmarks
    const accountId = AccountId.make("acc_vocabulary")
    yield* accounts.create({ id: accountId, plan: "ultra", createdAt: 0, planChangedAt: 0 })
    const items = library.map((tags, i): ImportedBookmark => ({
      id: BookmarkId.make(`bmk_vocabulary${i}`),
      accountId,
      url: `https://example.com/${i}`,
      source: "import",
      wantedAt: 1_000 + i,
      status: "ready",
      processingError: "",
      callerTags: [],
      note: "",
      derived: { ...Bookmark.emptyDerived, tags },
      overrides: {},
      pageText: ""
    }))
    for (let i = 0; i < items.length; i += 500) {
      yield* bookmarks.insertImported(accountId, items.slice(i, i + 500), "keep")
    }
    const timings: Array<number> = []
    let size = 0
    for (let i = 0; i < reads; i++) {
      const started = performance.now()
      size = (yield* bookmarks.tags(accountId)).length
      timings.push(performance.now() - started)
    }
    timings.sort((a, b) => a - b)
    return { bookmarks: items.length, tags: size, medianMs: timings[Math.floor(timings.length / 2)] ?? 0 }
  }).pipe(Effect.provide(SqlStorage.embedded({})), Effect.runPromise)
