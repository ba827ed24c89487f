/** Use case step: write enrichment, emit `bookmark.saved` to every subscribed webhook, finish the job; one transaction. */
import { Clock, Effect, Option } from "effect"
import * as Bookmark from "../Bookmark.js"
import * as Delivery from "../Delivery.js"
import type { BookmarkId, JobId } from "../Ids.js"
import { Links } from "../Links.js"
import { Bookmarks, type Enrichment } from "../ports/Bookmarks.js"
import { Deliveries } from "../ports/Deliveries.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { Jobs } from "../ports/Jobs.js"
import { Transactor } from "../ports/Transactor.js"
import { Webhooks } from "../ports/Webhooks.js"
import { toIso } from "../Timestamp.js"

/** The outbox rows for a finished bookmark: exact body bytes and delivery id fixed now. */
export const deliveriesFor = Effect.fn("CompleteBookmark.deliveries")(function*(record: Bookmark.Record) {
  const webhooks = yield* Webhooks
  const ids = yield* IdGenerator
  const now = yield* Clock.currentTimeMillis
  const hooks = yield* webhooks.subscribed(record.accountId, "bookmark.saved")
  const data = Bookmark.present(record, yield* Links)
  return yield* Effect.forEach(hooks, (hook) =>
    Effect.map(ids.make("delivery"), (id): Delivery.Record => ({
      id,
      webhookId: hook.id,
      accountId: record.accountId,
      bookmarkId: record.id,
      event: "bookmark.saved",
      body: Delivery.encodeBody({ id, event: "bookmark.saved", createdAt: toIso(now), data }),
      state: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now
    })))
})

/** Completes the bookmark once: a second completion (a job taken over after its lease) changes nothing. */
export const completeBookmark = Effect.fn("CompleteBookmark")(function*(
  bookmarkId: BookmarkId,
  enrichment: Enrichment,
  jobId: Option.Option<JobId>
) {
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  const jobs = yield* Jobs
  const tx = yield* Transactor
  return yield* tx.atomic(Effect.gen(function*() {
    const done = yield* bookmarks.complete(bookmarkId, enrichment)
    if (Option.isSome(done)) {
      const rows = yield* deliveriesFor(done.value)
      if (rows.length > 0) yield* deliveries.enqueue(rows)
    }
    if (Option.isSome(jobId)) yield* jobs.complete(jobId.value)
    return done
  }))
})
