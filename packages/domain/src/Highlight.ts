/**
 * Highlights: passages of a bookmark's readable text marked in a colour, with an optional note; anchored by
 * `TextAnchor` so they survive a refreshed copy or are reported orphaned (docs/reading.md, "Highlights").
 */
import { Result, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import { AccountId, BookmarkId, HighlightId } from "./Ids.js"
import * as Pagination from "./Pagination.js"
import * as Payload from "./Payload.js"
import * as Text from "./Text.js"
import * as TextAnchor from "./TextAnchor.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

/** The few colours a highlight takes; the first is the default. */
export const colours = ["yellow", "green", "blue", "pink", "purple"] as const
export const Colour = Schema.Literals(colours)
export type Colour = typeof Colour.Type

export const maxQuoteLength = 5_000
/** The largest `start`: far past any readable text, and within the storage's 32-bit offsets with the quote. */
export const maxOffset = 1_000_000_000
export const maxNoteLength = 10_000
/** Highlights of one bookmark: the reader lays them all out at once. */
export const maxPerBookmark = 500
export const defaultLimit = 50
export const maxLimit = 100

/** What storage keeps. `note` empty: no note. */
export const Record = Schema.Struct({
  id: HighlightId,
  bookmarkId: BookmarkId,
  accountId: AccountId,
  colour: Colour,
  note: Schema.String,
  exact: Schema.String,
  prefix: Schema.String,
  suffix: Schema.String,
  start: Schema.Int,
  end: Schema.Int,
  createdAt: Schema.Finite,
  updatedAt: Schema.Finite
})
export type Record = typeof Record.Type

export const anchorOf = (record: Record): TextAnchor.Anchor => record

/** Newest first; the id breaks a tie of times so the cursor never skips or repeats one. */
export const newestFirst = (a: Record, b: Record): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/** The paging cursor: strictly after `record` in `newestFirst` order. */
export interface Cursor {
  readonly createdAt: number
  readonly id: string
}

export const isAfter = (record: Record, cursor: Cursor): boolean =>
  record.createdAt < cursor.createdAt || (record.createdAt === cursor.createdAt && record.id < cursor.id)

/** The cursor as the API writes it (`nextBefore`): epoch milliseconds and the id. */
export const writeCursor = (record: Record): string => `${record.createdAt}~${record.id}`

export const readCursor = (text: string): Result.Result<Cursor, InvalidInput> => {
  const match = /^(\d{1,16})~([A-Za-z0-9_-]{1,64})$/u.exec(text)
  if (match === null) {
    return Result.fail(new InvalidInput({ field: "before", reason: "must be a `nextBefore` of an earlier page" }))
  }
  return Result.succeed({ createdAt: Number(match[1]), id: match[2] ?? "" })
}

export const parseLimit = (text: string | undefined): Result.Result<number, InvalidInput> => {
  if (text === undefined || text === "") return Result.succeed(defaultLimit)
  if (!/^\d{1,10}$/u.test(text) || Number(text) < 1) {
    return Result.fail(new InvalidInput({ field: "limit", reason: "must be a whole number from 1" }))
  }
  return Result.succeed(Math.min(Number(text), maxLimit))
}

/** A note: trimmed; accepted text of at most `maxNoteLength` characters. */
export const parseNote = (input: string): Result.Result<string, InvalidInput> => {
  const note = input.trim()
  const problem = Text.problem(note)
  if (problem !== undefined) {
    return Result.fail(new InvalidInput({ field: "note", reason: problem, code: "invalid_text" }))
  }
  if (note.length > maxNoteLength) {
    return Result.fail(new InvalidInput({ field: "note", reason: `must be at most ${maxNoteLength} characters` }))
  }
  return Result.succeed(note)
}

/** An anchor from outside: a non-empty quote, offsets that agree with its length, context within bounds. */
export const parseAnchor = (input: TextAnchor.Anchor): Result.Result<TextAnchor.Anchor, InvalidInput> => {
  const fail = (field: string, reason: string) => Result.fail(new InvalidInput({ field, reason }))
  for (const field of ["exact", "prefix", "suffix"] as const) {
    const problem = Text.problem(input[field])
    if (problem !== undefined) return Result.fail(new InvalidInput({ field, reason: problem, code: "invalid_text" }))
  }
  if (input.exact.trim() === "") return fail("exact", "must not be empty")
  if (input.exact.length > maxQuoteLength) return fail("exact", `must be at most ${maxQuoteLength} characters`)
  if (input.prefix.length > TextAnchor.contextLength) {
    return fail("prefix", `must be at most ${TextAnchor.contextLength} characters`)
  }
  if (input.suffix.length > TextAnchor.contextLength) {
    return fail("suffix", `must be at most ${TextAnchor.contextLength} characters`)
  }
  if (!Number.isSafeInteger(input.start) || input.start < 0 || input.start > maxOffset) {
    return fail("start", `must be a whole number from 0 to ${maxOffset}`)
  }
  if (input.end !== input.start + input.exact.length) return fail("end", "must be start + the length of exact")
  return Result.succeed(input)
}

const view = {
  id: HighlightId.annotate({ description: "Stable identifier (`hlt_…`)" }),
  bookmarkId: BookmarkId.annotate({ description: "The bookmark whose readable text holds the passage" }),
  colour: Colour.annotate({ description: "The highlight's colour" }),
  note: Schema.String.annotate({ description: "The person's note on the passage; empty when none" }),
  exact: Schema.String.annotate({ description: "The marked passage (a W3C TextQuoteSelector's `exact`)" }),
  prefix: Schema.String.annotate({ description: `Up to ${TextAnchor.contextLength} characters before it` }),
  suffix: Schema.String.annotate({ description: `Up to ${TextAnchor.contextLength} characters after it` }),
  start: Schema.Int.annotate({ description: "Offset of the passage in the readable text when it was marked" }),
  end: Schema.Int.annotate({ description: "Offset just past the passage (a TextPositionSelector's `end`)" }),
  createdAt: IsoTimestamp.annotate({ description: "When the passage was marked" }),
  updatedAt: IsoTimestamp.annotate({ description: "When the colour or note last changed" })
}

/** A highlight as the API shows it. */
export const Highlight = Schema.Struct(view).annotate({
  identifier: "Highlight",
  description: "A marked passage of a bookmark's readable text"
})
export type Highlight = typeof Highlight.Type

/** The API's view: the exported fields with the highlight's and its bookmark's ids first. */
export const present = (record: Record): Highlight => ({
  id: record.id,
  bookmarkId: record.bookmarkId,
  ...toExported(record)
})

/** `GET /bookmarks/:id/highlights`: every highlight of the bookmark, in reading order. */
export const BookmarkHighlights = Schema.Struct({
  highlights: Schema.Array(Highlight).annotate({ description: "The bookmark's highlights by position" })
}).annotate({ identifier: "BookmarkHighlights", description: "The highlights of one bookmark" })

/** The query of `GET /highlights`, as strings; unknown parameters are ignored. */
export const PageParams = Schema.Struct({
  limit: Schema.optional(Pagination.param({
    type: "integer",
    format: "int32",
    minimum: 1,
    default: defaultLimit,
    description: `Highlights per page, default ${defaultLimit}. Values above ${maxLimit} are treated as ${maxLimit}.`
  })),
  before: Schema.optional(Pagination.param({
    type: "string",
    description: "Cursor: pass the previous page's `nextBefore`."
  })),
  q: Schema.optional(Pagination.param({
    type: "string",
    maxLength: Pagination.maxQueryLength,
    description: "Words that must all occur in the quote, the note or the bookmark's title (case ignored)."
  })),
  tag: Schema.optional(Pagination.param({
    type: "string",
    description: "Only highlights of bookmarks carrying this tag (case ignored). Empty means no filter."
  }))
})
export type PageParams = typeof PageParams.Type

/** `GET /highlights`: a page of the account's highlights, newest first. */
export const HighlightPage = Schema.Struct({
  highlights: Schema.Array(Highlight).annotate({ description: "Newest first" }),
  nextBefore: Schema.NullOr(Schema.String).annotate({
    description: "Pass as `before` for the next page; null on the last page"
  })
}).annotate({ identifier: "HighlightPage", description: "A page of the account's highlights" })
export type HighlightPage = typeof HighlightPage.Type

const noteField = Text.field({ description: "A note on the passage (trimmed; empty for none)" })

/** Body of `POST /bookmarks/:id/highlights`; unknown members are refused. */
export const CreatePayload = Schema.Struct({
  exact: Text.field({ description: "The marked passage, exactly as in the readable text" }),
  prefix: Schema.optionalKey(Text.field({ description: "Characters just before it (up to 32)" })),
  suffix: Schema.optionalKey(Text.field({ description: "Characters just after it (up to 32)" })),
  start: Schema.Int.annotate({ description: "Offset of the passage in the readable text" }),
  end: Schema.Int.annotate({ description: "`start` + the passage's length" }),
  colour: Schema.optionalKey(Colour.annotate({ description: "Default yellow" })),
  note: Schema.optionalKey(noteField)
}).annotate({ identifier: "CreateHighlight", description: "A new highlight", ...Payload.strict })
export type CreatePayload = typeof CreatePayload.Type

/** Body of `PATCH /highlights/:id`: the colour, the note, or both. */
export const UpdatePayload = Schema.Struct({
  colour: Schema.optionalKey(Colour.annotate({ description: "The new colour" })),
  note: Schema.optionalKey(noteField)
}).annotate({ identifier: "UpdateHighlight", description: "Recolour or annotate a highlight", ...Payload.strict })
export type UpdatePayload = typeof UpdatePayload.Type

export const Deleted = Schema.Struct({
  ok: Schema.Literal(true).annotate({ description: "Always true: the highlight is gone" })
}).annotate({ identifier: "HighlightDeleted", description: "The highlight was deleted" })

/** A highlight in our JSON export (docs/import-export.md): everything but the ids, which an import makes anew. */
export const Exported = Schema.Struct({
  colour: Colour,
  note: Schema.String,
  exact: Schema.String,
  prefix: Schema.String,
  suffix: Schema.String,
  start: Schema.Int,
  end: Schema.Int,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp
}).annotate({ identifier: "ExportedHighlight" })
export type Exported = typeof Exported.Type

export const toExported = (record: Record): Exported => ({
  colour: record.colour,
  note: record.note,
  exact: record.exact,
  prefix: record.prefix,
  suffix: record.suffix,
  start: record.start,
  end: record.end,
  createdAt: toIso(record.createdAt),
  updatedAt: toIso(record.updatedAt)
})

/** An exported highlight read back, checked as a new one is; `at` stands in for a time that does not parse. */
export const fromExported = (
  exported: Exported,
  at: number
): Result.Result<Omit<Record, "id" | "bookmarkId" | "accountId">, InvalidInput> =>
  Result.flatMap(parseAnchor(exported), (anchor) =>
    Result.map(parseNote(exported.note), (note) => {
      const time = (iso: string) => (Number.isFinite(Date.parse(iso)) ? Date.parse(iso) : at)
      return {
        ...anchor,
        colour: exported.colour,
        note,
        createdAt: time(exported.createdAt),
        updatedAt: time(exported.updatedAt)
      }
    }))

/** The Markdown of one bookmark's highlights: title and link, then each quote as a blockquote and its note. */
export const markdown = (
  bookmark: { readonly title: string; readonly url: string },
  highlights: ReadonlyArray<Record>
): string => {
  const title = bookmark.title.trim() === "" ? bookmark.url : bookmark.title.trim()
  const heading = bookmark.url === "" ? `## ${escape(title)}` : `## [${escape(title)}](<${bookmark.url}>)`
  const blocks = [...highlights].sort((a, b) => a.start - b.start).map((h) => {
    const quote = h.exact.trim().split(/\r?\n/u).map((line) => `> ${line}`.trimEnd()).join("\n")
    return h.note === "" ? quote : `${quote}\n\n${h.note}`
  })
  return [heading, ...blocks].join("\n\n") + "\n"
}

const escape = (text: string) => text.replace(/([\\[\]*_`#])/gu, "\\$1")
