/**
 * The ImportReader: decodes the file's text (byte-order mark, the HTML's declared charset, else UTF-8, else
 * Windows-1252 for old browser exports), picks the format (given, or detected by content) and reads its rows.
 */
import { Errors, ImportFormat, type ImportItem, ImportReader, LibraryExport } from "@bookmark-library/domain"
import { Effect, Layer, Option, Result, Schema } from "effect"
import { TextDecoder } from "node:util"
import * as Charset from "../extract/Charset.js"
import { detect } from "./FormatDetection.js"
import { reasonOf } from "./JsonRows.js"
import * as KarakeepReader from "./KarakeepReader.js"
import * as LinkwardenReader from "./LinkwardenReader.js"
import * as NetscapeReader from "./NetscapeReader.js"
import * as OwnJsonReader from "./OwnJsonReader.js"
import * as OwnZipReader from "./OwnZipReader.js"
import * as PocketReader from "./PocketReader.js"

const invalid = (reason: string) => new Errors.InvalidInput({ field: "file", reason })

const utf8 = new TextDecoder("utf-8")
const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/** UTF-8 (byte-order mark skipped); text that is not UTF-8 is read as Windows-1252, as old exports wrote it. */
const plainText = (bytes: Uint8Array): string => {
  try {
    return strictUtf8.decode(bytes).replace(/^\uFEFF/, "")
  } catch {
    return Charset.decode(bytes, "windows-1252", false)
  }
}

const htmlText = (bytes: Uint8Array): string => {
  const declared = /<meta\b[^>]*charset/i.test(Buffer.from(bytes.subarray(0, 2048)).toString("latin1"))
  return declared || bytes[0] === 0xef || bytes[0] === 0xfe || bytes[0] === 0xff
    ? Charset.decode(bytes, undefined, true)
    : plainText(bytes)
}

const parseJson = <A>(text: string, schema: Schema.Decoder<A>, name: string) =>
  Result.flatMap(
    Result.try({
      try: (): unknown => JSON.parse(text),
      catch: (e) => invalid(`is not valid JSON (${e instanceof Error ? e.message : "parse error"})`)
    }),
    (value) =>
      Result.mapError(Schema.decodeUnknownResult(schema)(value), (e) => invalid(`is not ${name}: ${reasonOf(e)}`))
  )

const pocketRows = (bytes: Uint8Array): Result.Result<ReadonlyArray<ImportItem.Row>, Errors.InvalidInput> => {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return Result.succeed(PocketReader.read(plainText(bytes)))
  return Result.flatMap(
    Result.try({ try: () => PocketReader.unzipCsv(bytes), catch: () => invalid("is not a readable zip file") }),
    (files) =>
      files.length === 0
        ? Result.fail(invalid("is a zip file without a CSV file in it"))
        : Result.succeed(files.flatMap((file) =>
          PocketReader.read(plainText(file.bytes)).map((row) =>
            files.length === 1 ? row : { ...row, position: `${file.name} ${row.position}` }
          )
        ))
  )
}

const readAs = (
  format: ImportFormat.ImportFormat,
  bytes: Uint8Array
): Result.Result<ReadonlyArray<ImportItem.Row>, Errors.InvalidInput> => {
  switch (format) {
    case "netscape":
      return Result.succeed(NetscapeReader.read(htmlText(bytes)))
    case "pocket":
      return pocketRows(bytes)
    case "karakeep":
      return Result.map(parseJson(plainText(bytes), KarakeepReader.Export, "a Karakeep export"), KarakeepReader.read)
    case "linkwarden":
      return Result.map(
        parseJson(plainText(bytes), LinkwardenReader.Export, "a Linkwarden export"),
        LinkwardenReader.read
      )
    case "json":
      return Result.map(
        parseJson(plainText(bytes), LibraryExport.Envelope, "an export of this service"),
        OwnJsonReader.read
      )
    case "zip":
      return Result.flatMap(
        Result.mapError(OwnZipReader.bookmarksJson(bytes), invalid),
        (json) =>
          Result.map(
            Result.mapError(
              parseJson(plainText(json), LibraryExport.Envelope, "an export of this service"),
              (e) => invalid(`holds a ${OwnZipReader.jsonName} that ${e.reason}`)
            ),
            OwnJsonReader.read
          )
      )
  }
}

const known = ImportFormat.all.join(", ")

export const make = ImportReader.of({
  read: (bytes, given) =>
    Effect.suspend(() => {
      const format = Option.getOrUndefined(given) ?? detect(bytes, utf8.decode(bytes))
      if (format === undefined) {
        return Effect.fail(invalid(`is in no format this service reads (${known}); name one with format`))
      }
      return Effect.map(Effect.fromResult(readAs(format, bytes)), (rows) => ({ format, rows }))
    }).pipe(Effect.withSpan("FileImportReader.read")),
  files: (bytes, names, maxBytes) =>
    Effect.sync(() => OwnZipReader.files(bytes, names, maxBytes)).pipe(Effect.withSpan("FileImportReader.files"))
})

export const layer = Layer.succeed(ImportReader, make)
