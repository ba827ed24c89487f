/** Use case: enrich a bookmark again (docs/decisions.md, "Refresh"). */
import { Clock, Effect, Option } from "effect"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import { ownedRecord } from "./OwnedBookmark.js"

/**
 * Runs enrichment again (edits still win) and so emits `bookmark.saved` again when it finishes. A bookmark that is
 * processing already is left alone: its job will finish it. A refresh is a person waiting: its job goes to the
 * interactive lane, announced, and counts toward no import, even for a bookmark that came from a quiet import
 * (docs/decisions.md, "Refresh").
 */
export const refreshBookmark = Effect.fn("RefreshBookmark")(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const ids = yield* IdGenerator
  const tx = yield* Transactor
  const jobId = yield* ids.make("job")
  const now = yield* Clock.currentTimeMillis
  const restarted = yield* tx.atomic(Effect.gen(function*() {
    const restarted = yield* bookmarks.restart(record.id)
    if (Option.isSome(restarted)) {
      yield* jobs.enqueue({
        id: jobId,
        bookmarkId: record.id,
        runAt: now,
        lane: "interactive",
        events: true,
        importId: null
      })
    }
    return restarted
  }))
  return Option.isSome(restarted)
})
