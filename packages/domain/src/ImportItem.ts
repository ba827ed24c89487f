/**
 * One row of an import file: what a reader found (a `Candidate`) and the rules that make it a bookmark or a
 * failure with a reason (docs/import-export.md). Readers live in adapters; the rules live here.
 */
import { Either, Schema } from "effect"
import * as Bookmark from "./Bookmark.js"
import * as Tags from "./Tags.js"
import * as Text from "./Text.js"
import { normalizeBookmarkUrl } from "./Url.js"

export const maxTitleLength = 1_000
export const maxDescriptionLength = 5_000

/** What our own export restores beyond the common fields: the bookmark exactly as it was stored. */
export const Restore = Schema.Struct({
  status: Bookmark.Status,
  processingError: Schema.String,
  callerTags: Schema.Array(Schema.String),
  note: Schema.String,
  derived: Bookmark.Derived,
  overrides: Bookmark.Overrides
})
export type Restore = typeof Restore.Type

/** A row as a reader found it. `createdAt` is epoch ms, null when the file has none (or none that parses). */
export const Candidate = Schema.Struct({
  kind: Schema.Literal("link", "textNote"),
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  note: Schema.String,
  tags: Schema.Array(Schema.String),
  createdAt: Schema.NullOr(Schema.Number),
  restore: Schema.optional(Restore)
})
export type Candidate = typeof Candidate.Type

/** A row of a file: where it is (`line 12`, `bookmarks[3]`) and what was found there, or why nothing usable was. */
export interface Row {
  readonly position: string
  readonly candidate: Either.Either<Candidate, string>
}

/** A row that passed the rules: a bookmark to save (unless it is a duplicate). */
export interface Valid {
  readonly kind: "link" | "textNote"
  /** Normalised; `Bookmark.noteUrl` ("") for a text note (docs/decisions.md, "Text notes"). */
  readonly url: string
  readonly title: string
  readonly description: string
  readonly note: string
  readonly tags: ReadonlyArray<string>
  readonly createdAt: number
  readonly restore?: Restore | undefined
}

/** The first string anywhere in `value` that breaks the Text rule, as `field: reason`. */
const textProblem = (field: string, value: unknown): string | undefined => {
  if (typeof value === "string") {
    const reason = Text.problem(value)
    return reason === undefined ? undefined : `${field} ${reason}`
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = textProblem(field, item)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = textProblem(field === "" ? key : `${field}.${key}`, item)
      if (found !== undefined) return found
    }
  }
  return undefined
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max - 1) + "…" : text)

/**
 * The rules of an imported row. `importedAt` is when the import started: a row without a date gets it, a date
 * after it (a clock gone wrong) is brought back to it, so no import can push an account's clock into the future.
 * Titles and descriptions from files are hints and are shortened; notes and tags are the person's own and are
 * refused when over the limits, never cut.
 */
export const validate = (candidate: Candidate, importedAt: number): Either.Either<Valid, string> =>
  Either.gen(function*() {
    const bad = textProblem("", candidate)
    if (bad !== undefined) return yield* Either.left(bad)
    const url = candidate.kind === "textNote"
      ? Bookmark.noteUrl
      : yield* Either.mapLeft(normalizeBookmarkUrl(candidate.url), (e) => `url ${e.reason}${candidate.url === "" ? "" : ` ('${clip(candidate.url, 80)}')`}`)
    if (candidate.kind === "textNote" && candidate.note.trim() === "") return yield* Either.left("text note is empty")
    const tags = yield* Either.mapLeft(Tags.parse(candidate.tags), (e) => e.reason)
    if (candidate.note.length > Bookmark.maxNoteLength) {
      return yield* Either.left(`note must be at most ${Bookmark.maxNoteLength} characters`)
    }
    // A title that is only the address (Pocket writes one when the page had none) is no title.
    const title = candidate.title.trim() === candidate.url.trim() ? "" : candidate.title
    const at = candidate.createdAt
    const createdAt = at === null || !Number.isFinite(at) || at < 0 ? importedAt : Math.min(Math.trunc(at), importedAt)
    return {
      kind: candidate.kind,
      url,
      title: clip(title.trim().replace(/\s+/g, " "), maxTitleLength),
      description: clip(candidate.description.trim(), maxDescriptionLength),
      note: candidate.note,
      tags,
      createdAt,
      restore: candidate.restore
    }
  })

/** The key that makes two rows the same bookmark: the normalised URL, or the text of a text note. */
export const duplicateKey = (item: { readonly url: string; readonly note: string }): string =>
  item.url !== Bookmark.noteUrl ? `url:${item.url}` : `note:${item.note}`

/**
 * Splits a batch into the items to insert and the indexes of duplicates: an item whose key the account already has
 * (`seen`) or that an earlier item of the batch has. `seen` gains the keys of the items kept.
 */
export const withoutDuplicates = <A extends { readonly url: string; readonly note: string }>(
  items: ReadonlyArray<A>,
  seen: Set<string>
): { readonly fresh: ReadonlyArray<A>; readonly duplicates: ReadonlyArray<number> } => {
  const duplicates: Array<number> = []
  const fresh = items.filter((item, index) => {
    const key = duplicateKey(item)
    if (seen.has(key)) {
      duplicates.push(index)
      return false
    }
    seen.add(key)
    return true
  })
  return { fresh, duplicates }
}
