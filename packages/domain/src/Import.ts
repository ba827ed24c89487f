/** An import: a job over one uploaded file with counts and a resumable position (docs/import-export.md). */
import { Schema } from "effect"
import { AccountId, ImportId } from "./Ids.js"
import { ImportFormat } from "./ImportFormat.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

export const State = Schema.Literals(["running", "done"])
export type State = typeof State.Type

/**
 * What an import does with a row whose URL (or a text note's text) is already in the library or on an earlier row:
 * `skip` it (counted in `duplicates`) or `keep` it as a bookmark of its own (docs/import-export.md, "Duplicates").
 */
export const Duplicates = Schema.Literals(["skip", "keep"])
export type Duplicates = typeof Duplicates.Type

/**
 * Our own export is a backup and restores the library exactly, two bookmarks of one URL included: `keep`. Foreign
 * formats are merged into what is there: `skip`. Either can be chosen per import.
 */
export const defaultDuplicates = (format: ImportFormat): Duplicates =>
  format === "json" || format === "zip" ? "keep" : "skip"

/**
 * What an import makes of a bookmark file's folders (docs/import-export.md, "Folders become lists"): one path tag
 * (`tags`, the default) or nested lists holding the folder's bookmarks (`lists`). Only formats with folders
 * (Netscape HTML) are affected.
 */
export const Folders = Schema.Literals(["tags", "lists"])
export type Folders = typeof Folders.Type

export const defaultFolders: Folders = "tags"

/** A row that could not be imported: where it is in the file and why. */
export const Failure = Schema.Struct({
  position: Schema.String.annotate({ description: "Where the row is: `line 12` (HTML, CSV) or a JSON path" }),
  reason: Schema.String.annotate({ description: "Why the row was not imported" })
}).annotate({ description: "A row that was not imported" })
export type Failure = typeof Failure.Type

/** What storage keeps. `position` is the number of rows already read; rows before it are never read again. */
export const Record = Schema.Struct({
  id: ImportId,
  accountId: AccountId,
  format: ImportFormat,
  /** Whether the imported bookmarks emit `bookmark.saved` when enriched. */
  events: Schema.Boolean,
  /** Whether rows already in the library (or earlier in the file) are skipped or kept. */
  duplicatePolicy: Duplicates,
  /** Whether folders become a tag or lists. */
  folders: Folders,
  state: State,
  total: Schema.Finite,
  position: Schema.Finite,
  saved: Schema.Finite,
  duplicates: Schema.Finite,
  failed: Schema.Finite,
  /** Imported bookmarks that are `ready` (enriched, or restored ready from our own export). */
  enriched: Schema.Finite,
  /** The first `maxFailuresKept` failures; `failed` counts them all. */
  failures: Schema.Array(Failure),
  createdAt: Schema.Finite,
  finishedAt: Schema.NullOr(Schema.Finite)
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
  id: ImportId.annotate({ description: "Stable identifier of the import (`imp_…`)" }),
  accountId: AccountId.annotate({ description: "The account the bookmarks go to" }),
  format: ImportFormat.annotate({ description: "The file's format, named or detected" }),
  events: Schema.Boolean.annotate({ description: "Whether imported bookmarks emit `bookmark.saved` when enriched" }),
  duplicatePolicy: Duplicates.annotate({
    description: "`skip`: a row whose URL is already in the library or earlier in the file is skipped; " +
      "`keep`: it is saved as a bookmark of its own"
  }),
  folders: Folders.annotate({
    description: "`tags`: a bookmark's folder path becomes one tag; `lists`: each folder becomes a list (nested " +
      "like the folders) holding its bookmarks"
  }),
  state: State.annotate({ description: "`running` while rows are read, then `done`" }),
  total: Schema.Finite.annotate({ description: "Rows in the file" }),
  read: Schema.Finite.annotate({ description: "Rows read so far" }),
  saved: Schema.Finite.annotate({ description: "Bookmarks saved" }),
  duplicates: Schema.Finite.annotate({
    description:
      "Rows skipped: the URL (or a text note's text) was already there (only when `duplicatePolicy` is `skip`)"
  }),
  failed: Schema.Finite.annotate({ description: "Rows not imported (see `failures`)" }),
  enriched: Schema.Finite.annotate({ description: "Imported bookmarks whose enrichment has finished" }),
  failures: Schema.Array(Failure).annotate({ description: "The first failed rows with their positions and reasons" }),
  createdAt: IsoTimestamp.annotate({ description: "When the import started" }),
  finishedAt: Schema.NullOr(IsoTimestamp).annotate({ description: "When every row was read; null while running" })
}).annotate({ identifier: "ImportProgress", description: "An import's progress" })
export type Progress = typeof Progress.Type

export const present = (r: Record): Progress => ({
  id: r.id,
  accountId: r.accountId,
  format: r.format,
  events: r.events,
  duplicatePolicy: r.duplicatePolicy,
  folders: r.folders,
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
