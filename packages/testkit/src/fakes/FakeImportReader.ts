/** An ImportReader for tests of faces: reads only this service's own JSON export, refuses anything else. */
import { Errors, ImportReader, LibraryExport } from "@bookmark-library/domain"
import { Effect, Either, Layer, Schema } from "effect"

const decodeItem = Schema.decodeUnknownEither(LibraryExport.ExportedBookmark)

export const make = ImportReader.of({
  read: (bytes) =>
    Effect.suspend(() => {
      const parsed = Either.try(() => JSON.parse(new TextDecoder().decode(bytes)) as unknown)
      const envelope = Either.flatMap(parsed, (value) => Schema.decodeUnknownEither(LibraryExport.Envelope)(value))
      if (Either.isLeft(envelope)) {
        return Effect.fail(new Errors.InvalidInput({ field: "file", reason: "is no export of this service (the fake reads nothing else)" }))
      }
      return Effect.succeed({
        format: "json" as const,
        rows: envelope.right.bookmarks.map((item, i) => ({
          position: `bookmarks[${i}]`,
          candidate: Either.mapBoth(decodeItem(item), { onLeft: () => "not a bookmark", onRight: LibraryExport.toCandidate })
        }))
      })
    })
})

export const layer = Layer.succeed(ImportReader, make)
