/** An ImportReader for tests of faces: reads only this service's own JSON export, refuses anything else. */
import { Errors, ImportReader, LibraryExport } from "@bookmark-library/domain"
import { Effect, Layer, Result, Schema } from "effect"

const decodeItem = Schema.decodeUnknownResult(LibraryExport.ExportedBookmark)

export const make = ImportReader.of({
  read: (bytes) =>
    Effect.suspend(() => {
      const parsed = Result.try(() => JSON.parse(new TextDecoder().decode(bytes)) as unknown)
      const envelope = Result.flatMap(parsed, (value) => Schema.decodeUnknownResult(LibraryExport.Envelope)(value))
      if (Result.isFailure(envelope)) {
        return Effect.fail(
          new Errors.InvalidInput({
            field: "file",
            reason: "is no export of this service (the fake reads nothing else)"
          })
        )
      }
      return Effect.succeed({
        format: "json" as const,
        rows: envelope.success.bookmarks.map((item, i) => ({
          position: `bookmarks[${i}]`,
          candidate: Result.mapBoth(decodeItem(item), {
            onFailure: () => "not a bookmark",
            onSuccess: LibraryExport.toCandidate
          })
        }))
      })
    }),
  files: (_bytes, names) =>
    Effect.succeed(new Map(names.map((name) => [name, Result.fail("is not read by the fake")] as const)))
})

export const layer = Layer.succeed(ImportReader, make)
