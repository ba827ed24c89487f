/** `limit`, `before` and the filters of `GET /bookmarks` (docs/api.md, "List bookmarks"; docs/decisions.md). */
import { Either, Option, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import * as BookmarkType from "./BookmarkType.js"
import * as Tags from "./Tags.js"
import * as Text from "./Text.js"
import * as Timestamp from "./Timestamp.js"
import * as Url from "./Url.js"

export const defaultLimit = 50
export const maxLimit = 100
/** The largest `limit` accepted (then clamped to `maxLimit`): a 32-bit integer, as the OpenAPI document says. */
export const maxAcceptedLimit = 2_147_483_647
export const maxQueryLength = 500

/** A parameter given twice arrives as a list: refused with this message rather than "Expected string". */
const single = Schema.String.annotations({ message: () => "must be given once, as a single value" })

/**
 * One query parameter: given once, text by the Text rule, described for the OpenAPI document by `jsonSchema`
 * (the type a client should send; the server parses the text).
 */
const param = (jsonSchema: Record<string, unknown> & { readonly description: string }) =>
  single.pipe(
    Schema.filter((text) => Text.problem(text) ?? true),
    Schema.annotations({ description: jsonSchema.description, jsonSchema })
  )

/** The raw query parameters of `GET /bookmarks`, as strings. Unknown parameters are ignored. */
export const ListParams = Schema.Struct({
  limit: Schema.optional(param({
    type: "integer",
    format: "int32",
    minimum: 1,
    maximum: maxAcceptedLimit,
    default: defaultLimit,
    description: `Rows per page, default ${defaultLimit}. Values above ${maxLimit} are treated as ${maxLimit}.`
  })),
  before: Schema.optional(param({
    type: "string",
    format: "date-time",
    description: "Cursor: only bookmarks created strictly before this ISO 8601 time; pass the previous page's " +
      "`nextBefore`."
  })),
  tag: Schema.optional(param({
    type: "string",
    maxLength: Tags.maxTagLength,
    description: "Only bookmarks carrying this tag (case ignored). Empty means no filter."
  })),
  type: Schema.optional(param({
    type: "string",
    enum: [...BookmarkType.all, ""],
    description: "Only bookmarks of this type. Empty means no filter. Later versions may add types: a client " +
      "should not assume this list is complete."
  })),
  q: Schema.optional(param({
    type: "string",
    maxLength: maxQueryLength,
    description: "Full-text search (words, \"quoted phrases\", `or`, `-word`; the last word also matches as a " +
      "prefix). Words are what count: punctuation alone (`++`) matches nothing. Empty means no search."
  })),
  url: Schema.optional(param({
    type: "string",
    maxLength: Url.maxUrlLength,
    description: "Only bookmarks of exactly this page, compared after the same normalisation as a save " +
      "(`https://Example.com` finds `https://example.com/`). Empty means no filter."
  }))
})
export type ListParams = typeof ListParams.Type

/** A validated list query. `before` is exclusive epoch ms; `url` is normalised as a saved URL is. */
export interface ListQuery {
  readonly limit: number
  readonly before: Option.Option<number>
  readonly tag: Option.Option<string>
  readonly type: Option.Option<BookmarkType.BookmarkType>
  readonly q: Option.Option<string>
  /** Absent (as in queries built before the filter existed) means no URL filter. */
  readonly url?: Option.Option<string>
}

/** Positive integer up to `maxAcceptedLimit`; above 100 clamps to 100; anything else is rejected. */
export const parseLimit = (input: string | undefined): Either.Either<number, InvalidInput> => {
  if (input === undefined) return Either.right(defaultLimit)
  const value = /^\s*\d{1,10}\s*$/.test(input) ? Number(input) : Number.NaN
  if (!Number.isInteger(value) || value < 1 || value > maxAcceptedLimit) {
    return Either.left(new InvalidInput({ field: "limit", reason: `must be an integer from 1 to ${maxAcceptedLimit}` }))
  }
  return Either.right(Math.min(value, maxLimit))
}

/** A filter's text, trimmed; empty (or only whitespace) means no filter, as a search box submitted empty. */
const optionalText = (field: string, input: string | undefined, max: number) =>
  Either.gen(function*() {
    if (input === undefined) return Option.none<string>()
    const value = (yield* Text.check(field, input)).trim()
    if (value === "") return Option.none<string>()
    if (value.length > max) return yield* Either.left(new InvalidInput({ field, reason: `must be at most ${max} characters` }))
    return Option.some(value)
  })

export const parseListQuery = (params: ListParams): Either.Either<ListQuery, InvalidInput> =>
  Either.gen(function*() {
    const limit = yield* parseLimit(params.limit === undefined ? undefined : yield* Text.check("limit", params.limit))
    const before = params.before === undefined
      ? Option.none<number>()
      : Option.some(yield* Timestamp.parse("before", yield* Text.check("before", params.before)))
    const tag = yield* optionalText("tag", params.tag, Tags.maxTagLength)
    const q = yield* optionalText("q", params.q, maxQueryLength)
    const typeText = yield* optionalText("type", params.type, 32)
    if (Option.isSome(typeText) && !BookmarkType.isBookmarkType(typeText.value)) {
      return yield* Either.left(
        new InvalidInput({ field: "type", reason: `must be one of ${BookmarkType.all.join(", ")}` })
      )
    }
    const type = Option.filter(typeText, BookmarkType.isBookmarkType)
    const urlText = yield* optionalText("url", params.url, Url.maxUrlLength)
    const url = Option.isSome(urlText)
      ? Option.some(yield* Url.normalizeBookmarkUrl(urlText.value))
      : Option.none<string>()
    return { limit, before, tag, type, q, url }
  })

/** A page from `limit + 1` fetched rows: the cursor exists only when more rows do. */
export const page = <A extends { readonly createdAt: number }>(
  fetched: ReadonlyArray<A>,
  limit: number
): { readonly rows: ReadonlyArray<A>; readonly nextBefore: number | null } => {
  const rows = fetched.slice(0, limit)
  const last = rows[rows.length - 1]
  return { rows, nextBefore: fetched.length > limit && last !== undefined ? last.createdAt : null }
}
