/**
 * Use case: the account's library as one zip (docs/import-export.md, "The export as a zip with the copies"):
 * `bookmarks.json`, our JSON export whose bookmarks name their copy (`copyFile`), then every archived copy as
 * `copies/<asset>.html` or `.pdf`. Both parts are read page by page and each copy is streamed from the asset
 * store into the zip, so memory stays flat whatever the library and its copies weigh.
 */
import { Clock, Effect, Option, Stream } from "effect"
import * as Bookmark from "../../Bookmark.js"
import * as LibraryExport from "../../LibraryExport.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { type ZipEntry, ZipWriter } from "../../ports/ZipWriter.js"
import { getAccount } from "../accounts/GetAccount.js"
import { exportLibrary, libraryRecords } from "./ExportLibrary.js"

const encoder = new TextEncoder()

export const exportLibraryZip = Effect.fn("ExportLibraryZip")(function*(accountId: string) {
  const { account } = yield* getAccount(accountId)
  const now = yield* Clock.currentTimeMillis
  const json = yield* exportLibrary(account.id, "json", true)
  const store = yield* AssetStore
  const zip = yield* ZipWriter
  const bookmarks = yield* Bookmarks

  const jsonEntry: ZipEntry = {
    name: "bookmarks.json",
    compress: true,
    modifiedAt: now,
    data: Stream.map(json, (piece) => encoder.encode(piece))
  }
  // A second walk of the library, after the JSON: the copies in the same order, each opened only when its turn
  // comes. A copy deleted between the two walks (a refresh replaced it) is left out; the JSON names it, and an
  // import treats a missing file as no copy.
  const entryOf = (record: Bookmark.Record) =>
    Effect.gen(function*() {
      const name = LibraryExport.copyFileOf(record)
      const asset = Bookmark.copyAsset(record)
      if (name === undefined || asset === undefined) return Option.none<ZipEntry>()
      const found = yield* store.getStream(asset)
      return Option.map(found, (stream): ZipEntry => ({
        name,
        compress: !name.endsWith(".pdf"),
        modifiedAt: record.derived.archive?.copy?.takenAt ?? now,
        data: stream.stream
      }))
    })
  const copies = Stream.flatMap(
    libraryRecords(bookmarks.list, account.id),
    (record) =>
      Stream.unwrap(Effect.map(entryOf(record), Option.match({ onNone: () => Stream.empty, onSome: Stream.make })))
  )
  return zip.write(Stream.concat(Stream.make(jsonEntry), copies))
})

/** The export in any of our formats as bytes, for a download: the text formats encoded, the zip as written. */
export const exportBytes = Effect.fn("ExportBytes")(function*(accountId: string, format: LibraryExport.Format) {
  if (format === "zip") return yield* exportLibraryZip(accountId)
  return Stream.map(yield* exportLibrary(accountId, format), (piece) => encoder.encode(piece))
})
