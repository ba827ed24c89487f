/** Use case: accept an import file for an account (format detected unless given) and create its import job. */
import { Clock, Effect, Option } from "effect"
import { InvalidInput, NotFound } from "../Errors.js"
import * as Import from "../Import.js"
import { type ImportFormat, maxFileBytes } from "../ImportFormat.js"
import { ImportId, isWellFormed } from "../Ids.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { ImportReader } from "../ports/ImportReader.js"
import { Imports } from "../ports/Imports.js"
import { getAccount } from "./ManageAccounts.js"

export interface ImportOptions {
  /** The file's format; detected from its content when absent. */
  readonly format: Option.Option<ImportFormat>
  /**
   * Whether each imported bookmark emits `bookmark.saved` when enriched. Off by default: a receiver does not
   * expect thousands of deliveries from moving a library in (docs/import-export.md, "Events").
   */
  readonly events: boolean
}

export const startImport = Effect.fn("StartImport")(function*(accountId: string, file: Uint8Array, options: ImportOptions) {
  const { account } = yield* getAccount(accountId)
  if (file.length === 0) return yield* new InvalidInput({ field: "file", reason: "is empty" })
  if (file.length > maxFileBytes) {
    return yield* new InvalidInput({ field: "file", reason: `must be at most ${maxFileBytes / 1024 / 1024} MiB` })
  }
  const read = yield* (yield* ImportReader).read(file, options.format)
  const ids = yield* IdGenerator
  const now = yield* Clock.currentTimeMillis
  const empty = read.rows.length === 0
  const record: Import.Record = {
    id: yield* ids.make("import"),
    accountId: account.id,
    format: read.format,
    events: options.events,
    state: empty ? "done" : "running",
    total: read.rows.length,
    position: 0,
    saved: 0,
    duplicates: 0,
    failed: 0,
    enriched: 0,
    failures: [],
    createdAt: now,
    finishedAt: empty ? now : null
  }
  yield* (yield* Imports).create(record, file)
  return Import.present(record)
})

/** The progress of an import. */
export const importProgress = Effect.fn("ImportProgress")(function*(id: string) {
  // An id of an impossible shape (NUL, a surrogate, 10 KB) names no import: 404 without asking storage.
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "import", id })
  const found = yield* (yield* Imports).get(ImportId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "import", id })
  return Import.present(found.value)
})
