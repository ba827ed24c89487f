/**
 * Our zip export read back (docs/import-export.md, "Importing the zip"): `bookmarks.json` gives the rows as our JSON
 * does, each naming its copy (`copyFile`); the copies are read later, batch by batch (`files`). Reading the rows
 * checks the whole zip within its bounds first: at most `ImportFormat.zipMaxEntries` files, no name that could leave
 * a folder, every entry expanding (counted, not kept) to at most `zipMaxExpandedBytes` together, so a zip bomb or a
 * damaged zip is refused before anything is saved.
 */
import { ImportFormat } from "@bookmark-library/domain"
import { Result } from "effect"
import { entries, type Entry, expand, unsafeName } from "./ZipEntries.js"

export const jsonName = "bookmarks.json"

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`

/** The text of `bookmarks.json` once the zip is checked, or why the zip is refused. */
export const bookmarksJson = (bytes: Uint8Array): Result.Result<Uint8Array, string> => {
  const listed = entries(bytes, ImportFormat.zipMaxEntries)
  if ("problem" in listed) return Result.fail(listed.problem)
  const unsafe = listed.entries.find((e) => unsafeName(e.name))
  if (unsafe !== undefined) {
    return Result.fail(`holds a file with an unsafe name ('${unsafe.name.slice(0, 80)}'): refused whole`)
  }
  const bomb = `expands to more than ${mib(ImportFormat.zipMaxExpandedBytes)}: refused as a zip bomb`
  // What the zip declares is enough to refuse an honest bomb at once; a lying one is stopped by counting below.
  if (listed.entries.reduce((sum, e) => sum + e.size, 0) > ImportFormat.zipMaxExpandedBytes) return Result.fail(bomb)
  let json: Uint8Array | undefined
  let total = 0
  for (const entry of listed.entries) {
    if (entry.name.endsWith("/") && entry.compressedSize === 0) continue
    const isJson = entry.name === jsonName
    const budget = ImportFormat.zipMaxExpandedBytes - total
    const out = expand(bytes, entry, isJson ? Math.min(budget, ImportFormat.zipMaxJsonBytes) : budget, isJson)
    if (out._tag === "Damaged") return Result.fail(`is a damaged zip: ${entry.name.slice(0, 80)} ${out.reason}`)
    if (out._tag === "TooLarge") {
      return Result.fail(
        isJson && budget > ImportFormat.zipMaxJsonBytes
          ? `holds a ${jsonName} larger than ${mib(ImportFormat.zipMaxJsonBytes)}`
          : bomb
      )
    }
    total += out.size
    if (isJson) json = out.bytes
  }
  if (json === undefined) return Result.fail(`is a zip without ${jsonName}: not an export of this service`)
  return Result.succeed(json)
}

/** Whether the zip's directory can be read and names no `bookmarks.json`: Pocket's zip (or someone else's). */
export const isPocketZip = (bytes: Uint8Array): boolean => {
  const listed = entries(bytes, ImportFormat.zipMaxEntries)
  return !("problem" in listed) && !listed.entries.some((e) => e.name === jsonName)
}

/** The named files of the zip, each expanded up to `maxBytes`, or why it cannot be had. */
export const files = (
  bytes: Uint8Array,
  names: ReadonlyArray<string>,
  maxBytes: number
): ReadonlyMap<string, Result.Result<Uint8Array, string>> => {
  const out = new Map<string, Result.Result<Uint8Array, string>>()
  const listed = entries(bytes, ImportFormat.zipMaxEntries)
  const byName = new Map<string, Entry>("problem" in listed ? [] : listed.entries.map((e) => [e.name, e]))
  for (const name of names) {
    const entry = byName.get(name)
    if (entry === undefined || unsafeName(name)) {
      out.set(name, Result.fail("is not in the zip"))
      continue
    }
    const expanded = expand(bytes, entry, maxBytes)
    out.set(
      name,
      expanded._tag === "Bytes"
        ? Result.succeed(expanded.bytes)
        : Result.fail(
          expanded._tag === "TooLarge"
            ? `is larger than the copy cap (${mib(maxBytes)}, ARCHIVE_MAX_BYTES)`
            : expanded.reason
        )
    )
  }
  return out
}
