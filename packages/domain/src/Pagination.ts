/** `limit`, `before` and the filters of `GET /bookmarks` (docs/api.md, "List bookmarks"; docs/decisions.md). */
import { type JsonSchema, Option, Result, Schema } from "effect"
import * as BookmarkType from "./BookmarkType.js"
import * as DocumentedText from "./DocumentedText.js"
import { InvalidInput } from "./Errors.js"
import * as LinkHealth from "./LinkHealth.js"
import * as SearchParser from "./SearchParser.js"
import type * as SearchQuery from "./SearchQuery.js"
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
const single = DocumentedText.of(Schema.String, "string").annotate({ message: "must be given once, as a single value" })

/**
 * One query parameter: given once, text by the Text rule, described for the OpenAPI document by `jsonSchema` alone
 * (the type a client should send; the server parses the text).
 */
export const param = (jsonSchema: JsonSchema.JsonSchema & { readonly description: string }) =>
  single.check(Schema.makeFilter((text: string) => Text.problem(text) ?? true, {
    description: jsonSchema.description,
    toJsonSchema: () => jsonSchema
  }))

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
    description: "Search, in the search language: words (full text; the last word also matches as a prefix), " +
      "\"quoted phrases\", `-word`, `OR`, parentheses, `#tag`, `-#tag`, `site:example.com` (subdomains included), " +
      "`type:article`, `is:favourite|archived|unread|broken|moved|gone|unreachable|failed|processing|duplicate|" +
      "highlighted`, `before:2026-01-01`, " +
      "`after:2026-01-01`. Words are what count: punctuation alone (`++`) matches nothing. A query that cannot be " +
      "read is refused with 400, code `invalid_query` and the `offset` of the fault. Empty means no search."
  })),
  health: Schema.optional(param({
    type: "string",
    enum: [...LinkHealth.filters, ""],
    description: "Only bookmarks whose link is in this health (docs: \"Link health\"): `broken` (gone or " +
      "unreachable), `gone` (404 or 410), `unreachable` (no answer on several checks in a row) or `moved` " +
      "(permanently redirected). Empty means no filter."
  })),
  url: Schema.optional(param({
    type: "string",
    maxLength: Url.maxUrlLength,
    description: "Only bookmarks of exactly this page, compared after the same normalisation as a save " +
      "(`https://Example.com` finds `https://example.com/`). Empty means no filter."
  })),
  same: Schema.optional(param({
    type: "string",
    maxLength: Url.maxUrlLength,
    description: "Only bookmarks of the same page as this URL by its canonical form (scheme, `www.`, trailing " +
      "slashes, the fragment and tracking parameters ignored: docs/search.md, \"Duplicates\"), newest first, at " +
      "most `limit`, in one page (`nextBefore` null); the other filters do not apply. Empty means no filter."
  }))
})
export type ListParams = typeof ListParams.Type

/** A validated list query. `before` is exclusive epoch ms; `url` is normalised as a saved URL is. */
export interface ListQuery {
  readonly limit: number
  readonly before: Option.Option<number>
  readonly tag: Option.Option<string>
  readonly type: Option.Option<BookmarkType.BookmarkType>
  /** The parsed `q` (SearchParser). */
  readonly q: Option.Option<SearchQuery.Node>
  /** Absent (as in queries built before the filter existed) means no URL filter. */
  readonly url?: Option.Option<string>
  /** Inclusive lower bound on `createdAt` (epoch ms): the web app's date range. Absent means none. */
  readonly since?: Option.Option<number>
  /**
   * The web app's sort (docs/web.md, "Finding and moving around"): newest first (the default, paged by `before`),
   * oldest first, or by title (case ignored, untitled last, then oldest first), both paged by `offset`.
   */
  readonly order?: ListOrder
  /** Rows skipped before the page (with `oldest` and `title` orders). */
  readonly offset?: number
}

export type ListOrder = "newest" | "oldest" | "title"

/** Positive integer up to `maxAcceptedLimit`; above 100 clamps to 100; anything else is rejected. */
export const parseLimit = (input: string | undefined): Result.Result<number, InvalidInput> => {
  if (input === undefined) return Result.succeed(defaultLimit)
  const value = /^\s*\d{1,10}\s*$/.test(input) ? Number(input) : Number.NaN
  if (!Number.isInteger(value) || value < 1 || value > maxAcceptedLimit) {
    return Result.fail(new InvalidInput({ field: "limit", reason: `must be an integer from 1 to ${maxAcceptedLimit}` }))
  }
  return Result.succeed(Math.min(value, maxLimit))
}

/** A filter's text, trimmed; empty (or only whitespace) means no filter, as a search box submitted empty. */
const optionalText = (field: string, input: string | undefined, max: number) =>
  Result.gen(function*() {
    if (input === undefined) return Option.none<string>()
    const value = (yield* Text.check(field, input)).trim()
    if (value === "") return Option.none<string>()
    if (value.length > max) {
      return yield* Result.fail(new InvalidInput({ field, reason: `must be at most ${max} characters` }))
    }
    return Option.some(value)
  })

/**
 * The search language's tree of `text` (already trimmed from `raw`); offsets in errors count in `raw`, as the
 * person typed it.
 */
export const searchQuery = (text: Option.Option<string>, raw: string) =>
  Option.match(text, {
    onNone: () => Result.succeed(Option.none<SearchQuery.Node>()),
    onSome: (q) =>
      Result.mapBoth(SearchParser.parse(q), {
        // Text with nothing to search for (`-`, `OR`) still searches, and finds nothing, as `q` always did.
        onSuccess: (node) => Option.orElseSome(node, (): SearchQuery.Node => ({ _tag: "Phrase", text: "" })),
        onFailure: ({ message, offset }) =>
          new InvalidInput({
            field: "q",
            reason: `${message} (at character ${offset + (raw.length - raw.trimStart().length) + 1})`,
            code: "invalid_query",
            offset: offset + (raw.length - raw.trimStart().length)
          })
      })
  })

export const parseListQuery = (params: ListParams): Result.Result<ListQuery, InvalidInput> =>
  Result.gen(function*() {
    const limit = yield* parseLimit(params.limit === undefined ? undefined : yield* Text.check("limit", params.limit))
    const before = params.before === undefined
      ? Option.none<number>()
      : Option.some(yield* Timestamp.parse("before", yield* Text.check("before", params.before)))
    const tag = yield* optionalText("tag", params.tag, Tags.maxTagLength)
    const q = yield* searchQuery(yield* optionalText("q", params.q, maxQueryLength), params.q ?? "")
    const typeText = yield* optionalText("type", params.type, 32)
    if (Option.isSome(typeText) && !BookmarkType.isBookmarkType(typeText.value)) {
      return yield* Result.fail(
        new InvalidInput({ field: "type", reason: `must be one of ${BookmarkType.all.join(", ")}` })
      )
    }
    const type = Option.filter(typeText, BookmarkType.isBookmarkType)
    const health = yield* healthFilter(params.health)
    const urlText = yield* optionalText("url", params.url, Url.maxUrlLength)
    const url = Option.isSome(urlText)
      ? Option.some(yield* Url.normalizeBookmarkUrl(urlText.value))
      : Option.none<string>()
    return {
      limit,
      before,
      tag,
      type,
      q: Option.match(health, { onNone: () => q, onSome: (h) => withState(q, h) }),
      url
    }
  })

/** `health=` as a state of the search language; empty means no filter. */
const healthFilter = (input: string | undefined) =>
  Result.gen(function*() {
    const text = yield* optionalText("health", input, 32)
    if (Option.isSome(text) && !LinkHealth.isFilter(text.value.toLowerCase())) {
      return yield* Result.fail(
        new InvalidInput({ field: "health", reason: `must be one of ${LinkHealth.filters.join(", ")}` })
      )
    }
    return Option.map(text, (value) => value.toLowerCase() as LinkHealth.Filter)
  })

/** The search `q` narrowed by `is:<state>`: the filter runs as the search language's state does. */
const withState = (q: Option.Option<SearchQuery.Node>, state: SearchQuery.State): Option.Option<SearchQuery.Node> => {
  const is: SearchQuery.Node = { _tag: "Is", state }
  return Option.some(Option.match(q, { onNone: () => is, onSome: (node) => ({ _tag: "And", nodes: [node, is] }) }))
}

/** The `same` filter: the URL (normalised as a save's) whose canonical form the bookmarks share, or none. */
export const parseSame = (params: ListParams): Result.Result<Option.Option<string>, InvalidInput> =>
  Result.gen(function*() {
    const text = yield* optionalText("same", params.same, Url.maxUrlLength)
    return Option.isSome(text) ? Option.some((yield* Url.parseHttpUrl("same", text.value)).href) : Option.none()
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
