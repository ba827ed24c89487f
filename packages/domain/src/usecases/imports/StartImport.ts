/** Use case: accept an import file for an account (format detected unless given) and create its import job. */
import { Clock, Effect, type Option } from "effect"
import { InvalidInput } from "../../Errors.js"
import * as Import from "../../Import.js"
import { type ImportFormat, maxFileBytes } from "../../ImportFormat.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { ImportReader } from "../../ports/ImportReader.js"
import { Imports } from "../../ports/Imports.js"
import { getAccount } from "../accounts/GetAccount.js"

export interface ImportOptions {
  /** The file's format; detected from its content when absent. */
  readonly format: Option.Option<ImportFormat>
  /**
   * Whether each imported bookmark emits `bookmark.saved` when enriched. Off by default: a receiver does not
   * expect thousands of deliveries from moving a library in (docs/import-export.md, "Events: quiet unless asked").
   */
  readonly events: boolean
  /** Skip or keep rows already in the library; by format when absent (`Import.defaultDuplicates`). */
  readonly duplicates?: Import.Duplicates | undefined
  /** A bookmark file's folders as one tag or as lists; `tags` when absent (docs/import-export.md). */
  readonly folders?: Import.Folders | undefined
}

export const startImport = Effect.fn("StartImport")(
  function*(accountId: string, file: Uint8Array, options: ImportOptions) {
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
      duplicatePolicy: options.duplicates ?? Import.defaultDuplicates(read.format),
      folders: options.folders ?? Import.defaultFolders,
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
  }
)
