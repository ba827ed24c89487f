/** Port: reads an import file (format detected by content unless given) into rows; parsing lives in adapters. */
import { Context, type Effect, type Option, type Result } from "effect"
import type { InvalidInput } from "../Errors.js"
import type { ImportFormat } from "../ImportFormat.js"
import type { Row } from "../ImportItem.js"

export interface ReadFile {
  readonly format: ImportFormat
  readonly rows: ReadonlyArray<Row>
}

export class ImportReader extends Context.Service<ImportReader, {
  /** Every row of the file, in file order; InvalidInput (field `file`) when it is no file of a known format. */
  readonly read: (file: Uint8Array, format: Option.Option<ImportFormat>) => Effect.Effect<ReadFile, InvalidInput>
  /**
   * Files of a zip export (format `zip`) by name, each expanded only up to `maxBytes`: its bytes, or why it cannot
   * be had (not in the zip, larger than `maxBytes`, damaged). A file that is no zip gives every name a reason.
   */
  readonly files: (
    file: Uint8Array,
    names: ReadonlyArray<string>,
    maxBytes: number
  ) => Effect.Effect<ReadonlyMap<string, Result.Result<Uint8Array, string>>>
}>()("ImportReader") {}
