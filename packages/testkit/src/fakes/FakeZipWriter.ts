/**
 * A ZipWriter for the in-memory domain: each entry as a line naming it and its size, then its bytes, in order,
 * streamed like the real one (the fflate adapter, tested on its own). Tests read what a zip export put in and in
 * what order without unpacking a zip.
 */
import { ZipWriter } from "@bookmark-library/domain"
import { Layer, Stream } from "effect"

const encoder = new TextEncoder()

export const layer = Layer.succeed(
  ZipWriter,
  ZipWriter.of({
    write: (entries) =>
      Stream.flatMap(entries, (entry) =>
        Stream.concat(
          Stream.make(encoder.encode(`--- ${entry.name}${entry.compress ? " (deflated)" : ""}\n`)),
          entry.data
        ))
  })
)
