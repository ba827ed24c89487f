/**
 * Use case: import the next batch of a file's rows: check each row, save the good ones (duplicates skipped),
 * enqueue their enrichment in the import lane and move the import's position, all in one transaction, so a crash
 * at any moment loses nothing and doubles nothing.
 */
import { Clock, Effect, Either, Schema } from "effect"
import * as Bookmark from "../Bookmark.js"
import * as Import from "../Import.js"
import * as ImportItem from "../ImportItem.js"
import { hostOf } from "../Job.js"
import { Bookmarks, type ImportedBookmark } from "../ports/Bookmarks.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { Imports } from "../ports/Imports.js"
import { Jobs } from "../ports/Jobs.js"
import { Transactor } from "../ports/Transactor.js"

/** Another worker moved the import on while this one held a batch: the batch is rolled back and dropped. */
export class ImportTakenOver extends Schema.TaggedError<ImportTakenOver>()("ImportTakenOver", {
  importId: Schema.String
}) {}

const toImported = (
  record: Import.Record,
  item: ImportItem.Valid,
  id: ImportedBookmark["id"]
): ImportedBookmark => {
  const restore = item.restore
  return {
    id,
    accountId: record.accountId,
    url: item.url,
    source: "import",
    wantedAt: item.createdAt,
    status: restore?.status ?? "processing",
    processingError: restore?.processingError ?? "",
    callerTags: restore?.callerTags ?? item.tags,
    note: restore?.note ?? item.note,
    // The file's title and description stand until enrichment finds the page's own (docs/decisions.md).
    derived: restore?.derived ?? {
      ...Bookmark.emptyDerived,
      title: item.title,
      description: item.description,
      type: item.kind === "textNote" ? "textNote" : "website"
    },
    overrides: restore?.overrides ?? {},
    pageText: ""
  }
}

/** Imports rows `[position, position + pace.batchSize)` of `rows`; returns the import as it now stands. */
export const importBatch = Effect.fn("ImportBatch")(function*(
  record: Import.Record,
  rows: ReadonlyArray<ImportItem.Row>,
  pace: Import.Pace = Import.defaultPace
) {
  const bookmarks = yield* Bookmarks
  const imports = yield* Imports
  const jobs = yield* Jobs
  const ids = yield* IdGenerator
  const tx = yield* Transactor
  const from = record.position
  const slice = rows.slice(from, from + pace.batchSize)
  const failures: Array<Import.Failure> = []
  const items: Array<ImportedBookmark> = []
  for (const row of slice) {
    const valid = Either.flatMap(row.candidate, (c) => ImportItem.validate(c, record.createdAt))
    if (Either.isLeft(valid)) failures.push({ position: row.position, reason: valid.left })
    else items.push(toImported(record, valid.right, yield* ids.make("bookmark")))
  }
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* tx.atomic(Effect.gen(function*() {
    const batch = items.length === 0 ? { inserted: [], duplicates: [] } : yield* bookmarks.insertImported(record.accountId, items)
    const toEnrich = batch.inserted.filter((b) => b.status === "processing")
    if (toEnrich.length > 0) {
      yield* jobs.enqueueMany(yield* Effect.forEach(toEnrich, (b) =>
        Effect.map(ids.make("job"), (id) => ({
          id,
          bookmarkId: b.id,
          runAt: now,
          lane: "import" as const,
          host: hostOf(b.url),
          events: record.events,
          importId: record.id
        }))))
    }
    const step: Import.Step = {
      position: from + slice.length,
      saved: batch.inserted.length,
      duplicates: batch.duplicates.length,
      failed: failures.length,
      enriched: batch.inserted.length - toEnrich.length,
      failures
    }
    const moved = yield* imports.advance(record.id, from, step, now + pace.lease)
    if (!moved) return yield* new ImportTakenOver({ importId: record.id })
    return step
  }))
  const kept = Math.max(0, Import.maxFailuresKept - record.failures.length)
  const next: Import.Record = {
    ...record,
    position: outcome.position,
    saved: record.saved + outcome.saved,
    duplicates: record.duplicates + outcome.duplicates,
    failed: record.failed + outcome.failed,
    enriched: record.enriched + outcome.enriched,
    failures: [...record.failures, ...outcome.failures.slice(0, kept)]
  }
  return next
})
