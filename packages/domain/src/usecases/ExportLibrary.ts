/** Use case: an account's whole library as a stream of text in one of our export formats, page by page. */
import { Chunk, Clock, Effect, Option, Stream } from "effect"
import type * as Bookmark from "../Bookmark.js"
import * as LibraryExport from "../LibraryExport.js"
import { Links } from "../Links.js"
import { Bookmarks } from "../ports/Bookmarks.js"
import type { Storage } from "../ports/Storage.js"
import { getAccount } from "./ManageAccounts.js"

/** Rows read per query: memory stays bounded by one page whatever the library's size. */
export const pageSize = 500

type ListPage = (typeof Bookmarks.Service)["list"]
type Page = readonly [Chunk.Chunk<Bookmark.Record>, Option.Option<Option.Option<number>>]

/** Every bookmark of the account, newest first, one page in memory at a time. */
export const libraryRecords = (list: ListPage, accountId: Bookmark.Record["accountId"]) =>
  Stream.paginateChunkEffect(Option.none<number>(), (before): Storage<Page> =>
    Effect.map(
      list(accountId, { limit: pageSize, before, tag: Option.none(), type: Option.none(), q: Option.none() }),
      (rows) => {
        const last = rows[rows.length - 1]
        const next = rows.length < pageSize || last === undefined ? Option.none() : Option.some(Option.some(last.createdAt))
        return [Chunk.fromIterable(rows), next] as const
      }
    ))

/** The export of `accountId` in `format`, as text pieces (a header, one piece per bookmark, a footer). */
export const exportLibrary = Effect.fn("ExportLibrary")(function*(accountId: string, format: LibraryExport.Format) {
  const { account } = yield* getAccount(accountId)
  const now = yield* Clock.currentTimeMillis
  const records = libraryRecords((yield* Bookmarks).list, account.id)
  const links = yield* Links
  if (format === "html") {
    return Stream.concat(
      Stream.make(LibraryExport.htmlHeader),
      Stream.concat(Stream.map(records, LibraryExport.htmlItem), Stream.make(LibraryExport.htmlFooter))
    )
  }
  return Stream.concat(
    Stream.make(LibraryExport.jsonHeader(now)),
    Stream.concat(
      Stream.mapAccum(records, true, (first, record) => [false, LibraryExport.jsonItem(record, first, links)] as const),
      Stream.make(LibraryExport.jsonFooter)
    )
  )
})
