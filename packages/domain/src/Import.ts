/** An import: a job over one uploaded file with counts and a resumable position (docs/import-export.md). */
import { Schema } from "effect"
import { AccountId, ImportId } from "./Ids.js"
import { ImportFormat } from "./ImportFormat.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

export const State = Schema.Literal("running", "done")
export type State = typeof State.Type

/** A row that could not be imported: where it is in the file and why. */
export const Failure = Schema.Struct({
  position: Schema.String.annotations({ description: "Where the row is: `line 12` (HTML, CSV) or a JSON path" }),
  reason: Schema.String.annotations({ description: "Why the row was not imported" })
}).annotations({ description: "A row that was not imported" })
export type Failure = typeof Failure.Type

/** What storage keeps. `position` is the number of rows already read; rows before it are never read again. */
export const Record = Schema.Struct({
  id: ImportId,
  accountId: AccountId,
  format: ImportFormat,
  /** Whether the imported bookmarks emit `bookmark.saved` when enriched. */
  events: Schema.Boolean,
  state: State,
  total: Schema.Number,
  position: Schema.Number,
  saved: Schema.Number,
  duplicates: Schema.Number,
  failed: Schema.Number,
  /** Imported bookmarks that are `ready` (enriched, or restored ready from our own export). */
  enriched: Schema.Number,
  /** The first `maxFailuresKept` failures; `failed` counts them all. */
  failures: Schema.Array(Failure),
  createdAt: Schema.Number,
  finishedAt: Schema.NullOr(Schema.Number)
})
export type Record = typeof Record.Type

/** Rows saved per transaction: big enough to be fast, small enough that a crash loses little work. */
export const batchSize = 250

/** Lease of a running import's worker, renewed with every batch; a crashed worker's import resumes after it. */
export const lease = 15_000

/** How a worker runs an import: its lease, the rows per transaction, and the rest it takes after each. */
export interface Pace {
  readonly lease: number
  readonly batchSize: number
  /**
   * After each batch, a pause of this many times the batch's duration. 0 on Postgres; on the embedded database,
   * which runs on the server's own thread and one connection, 1 leaves saves half of the time while rows are read.
   */
  readonly rest: number
}

export const defaultPace: Pace = { lease, batchSize, rest: 0 }

/** The embedded database's pace (docs/import-export.md, "Figures"). */
export const embeddedPace: Pace = { lease, batchSize, rest: 1 }

export const maxFailuresKept = 1_000

/** The progress view of the admin API, the CLI and the web app. */
export const Progress = Schema.Struct({
  id: ImportId.annotations({ description: "Stable identifier of the import (`imp_…`)" }),
  accountId: AccountId.annotations({ description: "The account the bookmarks go to" }),
  format: ImportFormat.annotations({ description: "The file's format, named or detected" }),
  events: Schema.Boolean.annotations({ description: "Whether imported bookmarks emit `bookmark.saved` when enriched" }),
  state: State.annotations({ description: "`running` while rows are read, then `done`" }),
  total: Schema.Number.annotations({ description: "Rows in the file" }),
  read: Schema.Number.annotations({ description: "Rows read so far" }),
  saved: Schema.Number.annotations({ description: "Bookmarks saved" }),
  duplicates: Schema.Number.annotations({ description: "Rows skipped: the URL (or a text note's text) was already there" }),
  failed: Schema.Number.annotations({ description: "Rows not imported (see `failures`)" }),
  enriched: Schema.Number.annotations({ description: "Imported bookmarks whose enrichment has finished" }),
  failures: Schema.Array(Failure).annotations({ description: "The first failed rows with their positions and reasons" }),
  createdAt: IsoTimestamp.annotations({ description: "When the import started" }),
  finishedAt: Schema.NullOr(IsoTimestamp).annotations({ description: "When every row was read; null while running" })
}).annotations({ identifier: "ImportProgress", description: "An import's progress" })
export type Progress = typeof Progress.Type

export const present = (r: Record): Progress => ({
  id: r.id,
  accountId: r.accountId,
  format: r.format,
  events: r.events,
  state: r.state,
  total: r.total,
  read: r.position,
  saved: r.saved,
  duplicates: r.duplicates,
  failed: r.failed,
  enriched: r.enriched,
  failures: r.failures,
  createdAt: toIso(r.createdAt),
  finishedAt: r.finishedAt === null ? null : toIso(r.finishedAt)
})

/** One batch's outcome, written atomically with the batch's bookmarks. */
export interface Step {
  readonly position: number
  readonly saved: number
  readonly duplicates: number
  readonly failed: number
  /** Bookmarks of the batch that are already `ready` (restored from our own export). */
  readonly enriched: number
  /** Failures of the batch (storage keeps the first `maxFailuresKept` of the import). */
  readonly failures: ReadonlyArray<Failure>
}
