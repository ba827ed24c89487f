/** Tag rules: parsing, normalisation and merging (DESIGN §4). */
import { Either } from "effect"
import { InvalidInput } from "./Errors.js"

export const maxTags = 32
export const maxTagLength = 64

/** The case-insensitive identity of a tag. */
export const tagKey = (tag: string): string => tag.toLowerCase()

const split = (input: string | ReadonlyArray<string>): Array<string> =>
  (typeof input === "string" ? [input] : input).flatMap((part) => part.split(","))

/** Trims, collapses inner whitespace, drops empties and case-insensitive duplicates (first spelling wins). */
export const normalize = (input: string | ReadonlyArray<string>): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const part of split(input)) {
    const tag = part.trim().replace(/\s+/g, " ")
    if (tag === "" || seen.has(tagKey(tag))) continue
    seen.add(tagKey(tag))
    out.push(tag)
  }
  return out
}

/** Caller tags from an array or a comma-separated string, checked against the limits. */
export const parse = (input: string | ReadonlyArray<string>): Either.Either<Array<string>, InvalidInput> => {
  const tags = normalize(input)
  if (tags.length > maxTags) {
    return Either.left(new InvalidInput({ field: "tags", reason: `at most ${maxTags} tags are allowed, got ${tags.length}` }))
  }
  const long = tags.find((tag) => tag.length > maxTagLength)
  if (long !== undefined) {
    return Either.left(
      new InvalidInput({ field: "tags", reason: `each tag must be at most ${maxTagLength} characters ('${long.slice(0, 20)}…')` })
    )
  }
  return Either.right(tags)
}

/** Effective tags: the caller's first, then generated ones not already present. */
export const merge = (caller: ReadonlyArray<string>, generated: ReadonlyArray<string>): Array<string> =>
  normalize([...caller, ...generated])

/** Whether a tag list carries `tag`, ignoring case. */
export const has = (tags: ReadonlyArray<string>, tag: string): boolean =>
  tags.some((t) => tagKey(t) === tagKey(tag.trim().replace(/\s+/g, " ")))
