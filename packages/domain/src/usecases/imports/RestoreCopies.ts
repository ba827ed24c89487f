/**
 * Step of an import of our zip export (docs/import-export.md, "Importing the zip"): each bookmark of a batch that
 * names a copy (`copyFile`) gets it back as a new asset of the importing account, read from the zip up to the copy
 * cap (ARCHIVE_MAX_BYTES), and names that asset as its archived copy. A bookmark whose copy is restored is not
 * enriched again (it keeps the export's metadata and is `ready`). A copy that cannot be restored leaves the bookmark
 * imported without it: its archive says why, and so does a notice of the import.
 */
import { Effect } from "effect"
import type * as Archive from "../../Archive.js"
import { AssetId } from "../../Ids.js"
import type * as Import from "../../Import.js"
import * as LibraryExport from "../../LibraryExport.js"
import { AssetStore } from "../../ports/AssetStore.js"
import type { ImportedBookmark } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { ImportReader } from "../../ports/ImportReader.js"
import { Settings } from "../../ports/Settings.js"
import { toHex } from "../../Sha256.js"

export interface WithCopy {
  readonly position: string
  readonly copyFile: string | undefined
  readonly item: ImportedBookmark
}

export interface Restored {
  readonly items: ReadonlyArray<ImportedBookmark>
  /** The assets stored, by the bookmark naming each, with their sizes. */
  readonly stored: ReadonlyMap<string, { readonly asset: AssetId; readonly bytes: number }>
  /** One for each copy named but not restored: where and why (kept with the import's failures). */
  readonly notices: ReadonlyArray<Import.Failure>
}

const noCopy = (archive: Archive.Archive | undefined, problem: string): Archive.Archive | undefined =>
  archive === undefined && problem === "" ? undefined : { problem: problem === "" ? archive?.problem ?? "" : problem }

const withArchive = (item: ImportedBookmark, archive: Archive.Archive | undefined): ImportedBookmark => {
  const { archive: _old, ...derived } = item.derived
  return { ...item, derived: archive === undefined ? derived : { ...derived, archive } }
}

export const restoreCopies = Effect.fn("RestoreCopies")(function*(
  file: Uint8Array,
  rows: ReadonlyArray<WithCopy>
) {
  const { archive: archiving } = yield* Settings
  const store = yield* AssetStore
  const ids = yield* IdGenerator
  const reader = yield* ImportReader
  const items: Array<ImportedBookmark> = []
  const stored = new Map<string, { readonly asset: AssetId; readonly bytes: number }>()
  const notices: Array<Import.Failure> = []
  const missed = (row: WithCopy, reason: string) => {
    notices.push({ position: row.position, reason: `saved without its archived copy: ${reason}` })
    items.push(
      withArchive(row.item, noCopy(row.item.derived.archive, `the copy was not restored from the zip: ${reason}`))
    )
  }
  for (const row of rows) {
    const previous = row.item.derived.archive
    if (row.copyFile === undefined) {
      // A copy the zip does not carry names an asset of the server it came from: not this account's.
      items.push(previous?.copy === undefined ? row.item : withArchive(row.item, noCopy(previous, "")))
      continue
    }
    if (!LibraryExport.isCopyFile(row.copyFile)) {
      missed(row, `copyFile '${row.copyFile.slice(0, 80)}' is not a file name of this export`)
      continue
    }
    // One copy at a time, stored before the next is read: a batch holds at most one copy's bytes.
    const read = (yield* reader.files(file, [row.copyFile], archiving.maxBytes)).get(row.copyFile)
    if (read === undefined || read._tag === "Failure") {
      missed(row, `${row.copyFile} ${read === undefined ? "is not in the zip" : read.failure}`)
      continue
    }
    const bytes: Uint8Array = read.success
    const pdf = row.copyFile.endsWith(".pdf")
    const contentType = previous?.copy?.contentType ?? (pdf ? "application/pdf" : "text/html; charset=utf-8")
    const asset = AssetId.make(toHex(yield* ids.bytes(16)))
    const put = yield* Effect.result(store.put(asset, { bytes, contentType }))
    if (put._tag === "Failure") {
      missed(row, `${row.copyFile} could not be stored (${put.failure.reason})`)
      continue
    }
    stored.set(row.item.id, { asset, bytes: bytes.byteLength })
    const copy: Archive.Copy = {
      takenAt: previous?.copy?.takenAt ?? row.item.wantedAt,
      partial: previous?.copy?.partial ?? "",
      ...(previous?.copy?.capturedBy === undefined ? {} : { capturedBy: previous.copy.capturedBy }),
      asset,
      bytes: bytes.byteLength,
      contentType
    }
    const restored = withArchive(row.item, { copy, problem: previous?.problem ?? "" })
    // The copy is back: the bookmark is what the export says, not enriched again (no fetch, no new capture).
    items.push(restored.status === "processing" ? { ...restored, status: "ready", processingError: "" } : restored)
  }
  return { items, stored, notices } satisfies Restored
})
