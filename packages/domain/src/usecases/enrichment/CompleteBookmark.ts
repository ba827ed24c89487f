/**
 * Use case step: write enrichment, emit `bookmark.saved` to every subscribed webhook, finish the job; one transaction.
 */
import { Clock, Effect, Option } from "effect"
import * as Bookmark from "../../Bookmark.js"
import * as Delivery from "../../Delivery.js"
import type { BookmarkId, ImportId, JobId } from "../../Ids.js"
import { Bookmarks, type Enrichment } from "../../ports/Bookmarks.js"
import { Deliveries } from "../../ports/Deliveries.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Imports } from "../../ports/Imports.js"
import { Jobs } from "../../ports/Jobs.js"
import { Links } from "../../ports/Links.js"
import { Transactor } from "../../ports/Transactor.js"
import { Webhooks } from "../../ports/Webhooks.js"
import { toIso } from "../../Timestamp.js"

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

/** The job that finished a bookmark: a quiet import's jobs emit no event; an import's count their bookmark. */
export interface Finishing {
  readonly id: JobId
  readonly events?: boolean | undefined
  readonly importId?: ImportId | null | undefined
}

/** Completes the bookmark once: a second completion (a job taken over after its lease) changes nothing. */
export const completeBookmark = Effect.fn("CompleteBookmark")(function*(
  bookmarkId: BookmarkId,
  enrichment: Enrichment,
  job: Option.Option<Finishing>
) {
  const bookmarks = yield* Bookmarks
  const deliveries = yield* Deliveries
  const jobs = yield* Jobs
  const imports = yield* Imports
  const tx = yield* Transactor
  const events = Option.match(job, { onNone: () => true, onSome: (j) => j.events ?? true })
  const importId = Option.flatMapNullishOr(job, (j) => j.importId)
  return yield* tx.atomic(Effect.gen(function*() {
    const done = yield* bookmarks.complete(bookmarkId, enrichment)
    if (Option.isSome(done)) {
      const rows = events ? yield* deliveriesFor(done.value) : []
      if (rows.length > 0) yield* deliveries.enqueue(rows)
      if (Option.isSome(importId)) yield* imports.countEnriched(importId.value)
    }
    if (Option.isSome(job)) yield* jobs.complete(job.value.id)
    return done
  }))
})
