/**
 * Adapter of the ZipWriter port with `fflate` (already a dependency, for reading zips): its `Zip` is push-based and
 * answers each pushed chunk with the zip bytes it makes of it, synchronously, so the stream pulls one chunk of one
 * entry, pushes it and passes on what came out: the consumer's pace sets the reading's pace, and nothing is held
 * beyond a chunk and the deflater's window. Text entries are deflated; others stored as they are.
 *
 * Limit: fflate writes no Zip64 records, so a zip stays under 4 GiB and 65,535 entries (docs/import-export.md).
 */
import { Errors, type ZipEntry, ZipWriter } from "@bookmark-library/domain"
import { Layer, Stream } from "effect"
import { Zip, ZipDeflate, ZipPassThrough } from "fflate"

const empty = new Uint8Array(0)

/** A zip's dates run from 1980 to 2107 (fflate takes 2099): a time outside is brought to the nearest end. */
const earliest = Date.UTC(1980, 0, 2)
const latest = Date.UTC(2099, 11, 30)
export const zipTime = (ms: number) => new Date(Math.min(latest, Math.max(earliest, ms)))

const failed = (error: unknown): Stream.Stream<never, Errors.StorageUnavailable> =>
  Stream.fail(
    new Errors.StorageUnavailable({
      reason: `the zip could not be written: ${error instanceof Error ? error.message : String(error)}`
    })
  )

export const write = (
  entries: Stream.Stream<ZipEntry, Errors.StorageUnavailable>
): Stream.Stream<Uint8Array, Errors.StorageUnavailable> =>
  Stream.suspend(() => {
    let out: Array<Uint8Array> = []
    let failure: Error | null = null
    const zip = new Zip((error, data) => {
      if (error) failure = error
      else out.push(data)
    })
    /** What the zip wrote since the last call, or the failure it reported. */
    const drain = (): Stream.Stream<Uint8Array, Errors.StorageUnavailable> => {
      if (failure !== null) return failed(failure)
      const written = out
      out = []
      return Stream.fromIterable(written)
    }
    /** fflate throws on what it cannot write (a file name too long, say): a failure of the stream, not a defect. */
    const step = (act: () => void): Stream.Stream<Uint8Array, Errors.StorageUnavailable> =>
      Stream.suspend(() => {
        try {
          act()
        } catch (error) {
          return failed(error)
        }
        return drain()
      })
    const entry = (e: ZipEntry) =>
      Stream.suspend(() => {
        const file = e.compress ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name)
        file.mtime = zipTime(e.modifiedAt)
        return Stream.concat(
          step(() => zip.add(file)),
          Stream.concat(
            Stream.flatMap(e.data, (chunk) => step(() => file.push(chunk))),
            step(() => file.push(empty, true))
          )
        )
      })
    return Stream.concat(Stream.flatMap(entries, entry), step(() => zip.end()))
  })

export const layer = Layer.succeed(ZipWriter, ZipWriter.of({ write }))
