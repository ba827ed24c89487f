/**
 * Use cases of the web app on the signed-in account's bookmarks: edit, refresh and delete. Each checks ownership
 * first (`ownedRecord`); the app shows another account's bookmark as not found.
 */
import { Clock, Effect, Option } from "effect"
import * as Bookmark from "../Bookmark.js"
import type { AccountId } from "../Ids.js"
import { Links } from "../Links.js"
import { AssetStore } from "../ports/AssetStore.js"
import { Bookmarks } from "../ports/Bookmarks.js"
import { Deliveries } from "../ports/Deliveries.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { Jobs } from "../ports/Jobs.js"
import { Transactor } from "../ports/Transactor.js"
import { type EditPayload, overridesFrom } from "./AppEdits.js"
import { ownedRecord } from "./GetBookmark.js"

/** An app edit: the values win over derived ones in every later response and delivery. */
export const editOwnBookmark = Effect.fn("EditOwnBookmark")(function*(accountId: AccountId, id: string, payload: EditPayload) {
  const record = yield* ownedRecord(accountId, id)
  const overrides = yield* overridesFrom(payload)
  const bookmarks = yield* Bookmarks
  const edited = yield* bookmarks.edit(record.id, overrides)
  return Bookmark.present(Option.getOrElse(edited, () => record), yield* Links)
})

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
      yield* jobs.enqueue({ id: jobId, bookmarkId: record.id, runAt: now, lane: "interactive", events: true, importId: null })
    }
    return restarted
  }))
  return Option.isSome(restarted)
})

/** Removes the bookmark with its jobs, its pending deliveries and its screenshot. */
export const deleteOwnBookmark = Effect.fn("DeleteOwnBookmark")(function*(accountId: AccountId, id: string) {
  const record = yield* ownedRecord(accountId, id)
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  const assets = yield* AssetStore
  const tx = yield* Transactor
  yield* tx.atomic(Effect.gen(function*() {
    yield* deliveries.cancelForBookmark(record.id)
    yield* bookmarks.delete(record.id)
  }))
  // After the commit: a screenshot left behind by a failure here is unreachable, never a broken bookmark.
  const asset = Bookmark.screenshotAsset(record)
  if (asset !== undefined) yield* assets.delete(asset)
  return { ok: true as const }
})
