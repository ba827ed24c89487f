/**
 * Port: files written as one zip, streamed (docs/import-export.md, "The export as a zip with the copies"). Entries
 * are written one after the other as their bytes arrive; nothing holds a whole entry or the whole zip, so memory
 * stays at a chunk or two whatever the sizes.
 */
import { Context, type Stream } from "effect"
import type { StorageUnavailable } from "../Errors.js"

export interface ZipEntry {
  /** The path inside the zip (`bookmarks.json`, `copies/<asset>.html`). */
  readonly name: string
  /** Compressed (text) or stored as it is (already compressed: PDFs, images). */
  readonly compress: boolean
  /** Its modification time, epoch ms. */
  readonly modifiedAt: number
  readonly data: Stream.Stream<Uint8Array, StorageUnavailable>
}

export class ZipWriter extends Context.Service<ZipWriter, {
  readonly write: (
    entries: Stream.Stream<ZipEntry, StorageUnavailable>
  ) => Stream.Stream<Uint8Array, StorageUnavailable>
}>()("ZipWriter") {}
