/** Tag rules: parsing, normalisation and merging (docs/decisions.md, "Bookmarks"). */
import { Result } from "effect"
import { InvalidInput } from "./Errors.js"

export const maxTags = 32
export const maxTagLength = 64

/** The case-insensitive identity of a tag. */
export const tagKey = (tag: string): string => tag.toLowerCase()

/** Leading or trailing whitespace, a run of it, or whitespace other than a space: the tag needs cleaning. */
const untidy = /^\s|\s$|\s\s|[^\S ]/

/** Adds each comma-separated part of `item`, trimmed and with inner whitespace collapsed, unless empty or seen. */
const addParts = (item: string, seen: Set<string>, out: Array<string>) => {
  for (const part of item.includes(",") ? item.split(",") : [item]) {
    const tag = untidy.test(part) ? part.trim().replace(/\s+/g, " ") : part
    const key = tagKey(tag)
    if (tag === "" || seen.has(key)) continue
    seen.add(key)
    out.push(tag)
  }
}

/** Trims, collapses inner whitespace, drops empties and case-insensitive duplicates (first spelling wins). */
export const normalize = (input: string | ReadonlyArray<string>): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const item of typeof input === "string" ? [input] : input) addParts(item, seen, out)
  return out
}

/** Caller tags from an array or a comma-separated string, checked against the limits. */
export const parse = (input: string | ReadonlyArray<string>): Result.Result<Array<string>, InvalidInput> => {
  const tags = normalize(input)
  if (tags.length > maxTags) {
    return Result.fail(
      new InvalidInput({ field: "tags", reason: `at most ${maxTags} tags are allowed, got ${tags.length}` })
    )
  }
  const long = tags.find((tag) => tag.length > maxTagLength)
  if (long !== undefined) {
    return Result.fail(
      new InvalidInput({
        field: "tags",
        reason: `each tag must be at most ${maxTagLength} characters ('${long.slice(0, 20)}…')`
      })
    )
  }
  return Result.succeed(tags)
}

/** Effective tags: the caller's first, then generated ones not already present. */
export const merge = (caller: ReadonlyArray<string>, generated: ReadonlyArray<string>): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const item of caller) addParts(item, seen, out)
  for (const item of generated) addParts(item, seen, out)
  return out
}

/** Whether a tag list carries `tag`, ignoring case. */
export const has = (tags: ReadonlyArray<string>, tag: string): boolean =>
  tags.some((t) => tagKey(t) === tagKey(tag.trim().replace(/\s+/g, " ")))

/** A tag of a library and how many bookmarks carry it. */
export interface TagCount {
  readonly tag: string
  readonly count: number
}

/** Most used first; ties by tag key, in code-unit order so every store sorts alike. */
export const byUse = (a: TagCount, b: TagCount): number => {
  if (a.count !== b.count) return b.count - a.count
  const ka = tagKey(a.tag)
  const kb = tagKey(b.tag)
  return ka < kb ? -1 : ka > kb ? 1 : 0
}
