/**
 * Use case: import the next batch of a file's rows: check each row, save the good ones (duplicates skipped or kept,
 * as the import chose),
 * enqueue their enrichment in the import lane and move the import's position, all in one transaction, so a crash
 * at any moment loses nothing and doubles nothing.
 */
import { Clock, Effect, Result, Schema } from "effect"
import * as Bookmark from "../../Bookmark.js"
import * as Highlight from "../../Highlight.js"
import * as Import from "../../Import.js"
import * as ImportItem from "../../ImportItem.js"
import { hostOf } from "../../Job.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { Bookmarks, type ImportedBookmark } from "../../ports/Bookmarks.js"
import { Highlights } from "../../ports/Highlights.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Imports } from "../../ports/Imports.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import { countStored } from "../assets/AccountStorage.js"
import { fileInPaths } from "../lists/ListPaths.js"
import { fileInFolders } from "./FolderLists.js"
import { restoreCopies, type WithCopy } from "./RestoreCopies.js"

/** Another worker moved the import on while this one held a batch: the batch is rolled back and dropped. */
export class ImportTakenOver extends Schema.TaggedError<ImportTakenOver>()("ImportTakenOver", {
  importId: Schema.String
}) {
  /** Its fields, as the message of a log or a cause. */
  override get message() {
    return `{ importId: ${JSON.stringify(this.importId)} }`
  }
}

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
    pageText: "",
    ...(restore?.favourite === true ? { favourite: true } : {}),
    ...(restore?.archived === true ? { archived: true } : {})
  }
}

type HighlightFields = Omit<Highlight.Record, "id" | "bookmarkId" | "accountId">

/** The highlights of a row, each checked; the first bad one fails the row, naming it. */
const checkHighlights = (
  exported: ReadonlyArray<Highlight.Exported>,
  at: number
): Result.Result<ReadonlyArray<HighlightFields>, string> => {
  if (exported.length > Highlight.maxPerBookmark) {
    return Result.fail(`at most ${Highlight.maxPerBookmark} highlights a bookmark`)
  }
  const out: Array<HighlightFields> = []
  for (const [i, h] of exported.entries()) {
    const checked = Highlight.fromExported(h, at)
    if (Result.isFailure(checked)) {
      return Result.fail(`highlights[${i}].${checked.failure.field}: ${checked.failure.reason}`)
    }
    out.push(checked.success)
  }
  return Result.succeed(out)
}

/**
 * Imports rows `[position, position + pace.batchSize)` of `rows`; returns the import as it now stands. `file` is the
 * import's file, read for the archived copies of a zip export (format `zip`).
 */
export const importBatch = Effect.fn("ImportBatch")(function*(
  record: Import.Record,
  rows: ReadonlyArray<ImportItem.Row>,
  pace: Import.Pace = Import.defaultPace,
  file?: Uint8Array
) {
  const bookmarks = yield* Bookmarks
  const highlights = yield* Highlights
  const imports = yield* Imports
  const jobs = yield* Jobs
  const ids = yield* IdGenerator
  const tx = yield* Transactor
  const from = record.position
  const slice = rows.slice(from, from + pace.batchSize)
  const failures: Array<Import.Failure> = []
  const checked: Array<WithCopy> = []
  // Our own export's lists, by the new bookmark's id (docs/lists.md, "Export and import").
  const listsOf = new Map<string, ReadonlyArray<ReadonlyArray<string>>>()
  // A bookmark file's folder path, when the import makes folders lists (docs/import-export.md).
  const folderOf = new Map<string, ReadonlyArray<string>>()
  // Our own export's highlights, checked as new ones are, by the new bookmark's id (docs/reading.md).
  const highlightsOf = new Map<string, ReadonlyArray<HighlightFields>>()
  for (const row of slice) {
    const valid = Result.flatMap(
      Result.flatMap(
        row.candidate,
        (c) => ImportItem.validate(ImportItem.withFolders(c, record.folders), record.createdAt)
      ),
      (v) => Result.map(checkHighlights(v.highlights ?? [], record.createdAt), (marked) => ({ ...v, marked }))
    )
    if (Result.isFailure(valid)) failures.push({ position: row.position, reason: valid.failure })
    else {
      const item = toImported(record, valid.success, yield* ids.make("bookmark"))
      if (valid.success.lists !== undefined && valid.success.lists.length > 0) listsOf.set(item.id, valid.success.lists)
      if (valid.success.folder !== undefined) folderOf.set(item.id, valid.success.folder)
      if (valid.success.marked.length > 0) highlightsOf.set(item.id, valid.success.marked)
      checked.push({ position: row.position, copyFile: valid.success.copyFile, item })
    }
  }
  // Our zip export: the copies are stored before the transaction (assets are files, not rows) and deleted again
  // when their bookmark is not saved; each saved one is counted for the account once the batch is committed.
  const copies = record.format === "zip" && file !== undefined
    ? yield* restoreCopies(file, checked)
    : { items: checked.map((c) => c.item), stored: new Map<string, never>(), notices: [] }
  const items = copies.items
  const store = yield* AssetStore
  const dropCopies = (keep: ReadonlySet<string>) =>
    Effect.forEach(
      [...copies.stored].filter(([bookmarkId]) => !keep.has(bookmarkId)),
      ([, { asset }]) => Effect.ignore(store.delete(asset)),
      { discard: true }
    )
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* tx.atomic(
    Effect.gen(function*() {
      const batch = items.length === 0
        ? { inserted: [], duplicates: [] }
        : yield* bookmarks.insertImported(record.accountId, items, record.duplicatePolicy)
      const toEnrich = batch.inserted.filter((b) => b.status === "processing")
      const filed = batch.inserted.flatMap((b) => {
        const paths = listsOf.get(b.id)
        return paths === undefined ? [] : [{ bookmarkId: b.id, paths }]
      })
      if (filed.length > 0) yield* fileInPaths(record.accountId, filed)
      const foldered = batch.inserted.flatMap((b) => {
        const path = folderOf.get(b.id)
        return path === undefined ? [] : [{ bookmarkId: b.id, path }]
      })
      if (foldered.length > 0) yield* fileInFolders(record.accountId, foldered)
      for (const b of batch.inserted) {
        for (const fields of highlightsOf.get(b.id) ?? []) {
          const id = yield* ids.make("highlight")
          yield* highlights.insert(
            { ...fields, id, bookmarkId: b.id, accountId: record.accountId },
            Number.MAX_SAFE_INTEGER
          )
        }
      }
      if (toEnrich.length > 0) {
        yield* jobs.enqueueMany(
          yield* Effect.forEach(toEnrich, (b) =>
            Effect.map(ids.make("job"), (id) => ({
              id,
              bookmarkId: b.id,
              runAt: now,
              lane: "import" as const,
              host: hostOf(b.url),
              events: record.events,
              importId: record.id
            })))
        )
      }
      const step: Import.Step = {
        position: from + slice.length,
        saved: batch.inserted.length,
        duplicates: batch.duplicates.length,
        failed: failures.length,
        enriched: batch.inserted.length - toEnrich.length,
        // Failed rows, then the notices of bookmarks saved without their copy (not counted as failed).
        failures: [...failures, ...copies.notices]
      }
      const moved = yield* imports.advance(record.id, from, step, now + pace.lease)
      if (!moved) return yield* new ImportTakenOver({ importId: record.id })
      return { step, inserted: batch.inserted.map((b) => b.id) }
    }).pipe(Effect.tapCause(() => dropCopies(new Set())))
  )
  if (copies.stored.size > 0) {
    const saved = new Set<string>(outcome.inserted)
    yield* dropCopies(saved)
    for (const [bookmarkId, { asset, bytes }] of copies.stored) {
      if (saved.has(bookmarkId)) yield* countStored(record.accountId, asset, bytes)
    }
  }
  return advanced(record, outcome.step)
})

const advanced = (record: Import.Record, outcome: Import.Step): Import.Record => {
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
}
