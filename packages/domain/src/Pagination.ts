/** `limit`, `before` and the other list parameters (docs/decisions.md, "Bookmarks"). */
import { Either, Option, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import * as BookmarkType from "./BookmarkType.js"
import * as Timestamp from "./Timestamp.js"

export const defaultLimit = 50
export const maxLimit = 100
export const maxQueryLength = 500

/** The raw query parameters of `GET /bookmarks`, as strings. */
export const ListParams = Schema.Struct({
  limit: Schema.optional(Schema.String),
  before: Schema.optional(Schema.String),
  tag: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
  q: Schema.optional(Schema.String)
})
export type ListParams = typeof ListParams.Type

/** A validated list query. `before` is exclusive epoch ms. */
export interface ListQuery {
  readonly limit: number
  readonly before: Option.Option<number>
  readonly tag: Option.Option<string>
  readonly type: Option.Option<BookmarkType.BookmarkType>
  readonly q: Option.Option<string>
}

/** Positive integer; above 100 clamps to 100; anything else is rejected. */
export const parseLimit = (input: string | undefined): Either.Either<number, InvalidInput> => {
  if (input === undefined) return Either.right(defaultLimit)
  const value = /^\s*\d{1,9}\s*$/.test(input) ? Number(input) : Number.NaN
  if (!Number.isInteger(value) || value < 1) {
    return Either.left(new InvalidInput({ field: "limit", reason: "must be an integer of at least 1" }))
  }
  return Either.right(Math.min(value, maxLimit))
}

const optionalText = (field: string, input: string | undefined, max: number) => {
  if (input === undefined) return Either.right(Option.none<string>())
  const value = input.trim()
  if (value === "") return Either.left(new InvalidInput({ field, reason: "must not be empty" }))
  if (value.length > max) return Either.left(new InvalidInput({ field, reason: `must be at most ${max} characters` }))
  return Either.right(Option.some(value))
}

export const parseListQuery = (params: ListParams): Either.Either<ListQuery, InvalidInput> =>
  Either.gen(function*() {
    const limit = yield* parseLimit(params.limit)
    const before = params.before === undefined
      ? Option.none<number>()
      : Option.some(yield* Timestamp.parse("before", params.before))
    const tag = yield* optionalText("tag", params.tag, 64)
    const q = yield* optionalText("q", params.q, maxQueryLength)
    const typeText = yield* optionalText("type", params.type, 32)
    if (Option.isSome(typeText) && !BookmarkType.isBookmarkType(typeText.value)) {
      return yield* Either.left(
        new InvalidInput({ field: "type", reason: `must be one of ${BookmarkType.all.join(", ")}` })
      )
    }
    const type = Option.filter(typeText, BookmarkType.isBookmarkType)
    return { limit, before, tag, type, q }
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
