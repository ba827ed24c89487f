/** Port: reads an import file (format detected by content unless given) into rows; parsing lives in adapters. */
import { Context, type Effect, type Option } from "effect"
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
}>()("ImportReader") {}
