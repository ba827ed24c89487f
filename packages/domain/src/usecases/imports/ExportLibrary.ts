/** Use case: an account's whole library as a stream of text in one of our export formats, page by page. */
import { Clock, Effect, Option, Stream } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import type * as Highlight from "../../Highlight.js"
import * as LibraryExport from "../../LibraryExport.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Highlights } from "../../ports/Highlights.js"
import { Links } from "../../ports/Links.js"
import type { Storage } from "../../ports/Storage.js"
import { getAccount } from "../accounts/GetAccount.js"
import { listPaths } from "../lists/ListPaths.js"

/** Rows read per query: memory stays bounded by one page whatever the library's size. */
export const pageSize = 500

type ListPage = (typeof Bookmarks.Service)["list"]
type Page = readonly [ReadonlyArray<Bookmark.Record>, Option.Option<Option.Option<number>>]

/** Every bookmark of the account, newest first, one page in memory at a time. */
export const libraryRecords = (list: ListPage, accountId: Bookmark.Record["accountId"]) =>
  Stream.paginate(Option.none<number>(), (before: Option.Option<number>): Storage<Page> =>
    Effect.map(
      list(accountId, { limit: pageSize, before, tag: Option.none(), type: Option.none(), q: Option.none() }),
      (rows) => {
        const last = rows[rows.length - 1]
        const next = rows.length < pageSize || last === undefined
          ? Option.none()
          : Option.some(Option.some(last.createdAt))
        return [rows, next] as const
      }
    ))

/**
 * The export of `accountId` as our JSON or Netscape HTML, as text pieces (a header, one piece per bookmark, a
 * footer). With `withCopies`, each JSON bookmark names its archived copy's file in the zip export.
 */
export const exportLibrary = Effect.fn("ExportLibrary")(function*(
  accountId: string,
  format: Exclude<LibraryExport.Format, "zip">,
  withCopies = false
) {
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
  // Highlights: one count per page of rows, then a read for each highlighted bookmark only.
  const highlights = yield* Highlights
  const withHighlights = records.pipe(
    Stream.chunks,
    Stream.mapEffect((rows) =>
      Effect.gen(function*() {
        const counts = yield* highlights.counts(rows.map((r) => r.id))
        return yield* Effect.forEach(rows, (record) =>
          (counts.get(record.id) ?? 0) === 0
            ? Effect.succeed([record, [] as ReadonlyArray<Highlight.Record>] as const)
            : Effect.map(highlights.ofBookmark(record.id), (marked) => [record, marked] as const))
      })
    ),
    Stream.flattenIterable
  )
  if (format === "markdown") {
    return Stream.concat(
      Stream.make(LibraryExport.markdownHeader(now)),
      Stream.map(withHighlights, ([record, marked]) => LibraryExport.markdownItem(record, marked))
    )
  }
  // Memberships are read once, before the rows: at most `List.maxPerAccount` lists, a path per membership.
  const paths = yield* listPaths(account.id)
  return Stream.concat(
    Stream.make(LibraryExport.jsonHeader(now)),
    Stream.concat(
      Stream.mapAccum(
        withHighlights,
        () => true,
        (first, [record, marked]) =>
          [false, [
            LibraryExport.jsonItem(
              record,
              first,
              links,
              paths.get(record.id),
              marked,
              withCopies ? LibraryExport.copyFileOf(record) : undefined
            )
          ]] as const
      ),
      Stream.make(LibraryExport.jsonFooter)
    )
  )
})
