/**
 * One row of an import file: what a reader found (a `Candidate`) and the rules that make it a bookmark or a
 * failure with a reason (docs/import-export.md). Readers live in adapters; the rules live here.
 */
import { Result, Schema } from "effect"
import * as Bookmark from "./Bookmark.js"
import * as CanonicalUrl from "./CanonicalUrl.js"
import * as Highlight from "./Highlight.js"
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
  overrides: Bookmark.Overrides,
  /** The person's states (docs/search.md, "States"); absent in exports made before they were restored. */
  favourite: Schema.optional(Schema.Boolean),
  archived: Schema.optional(Schema.Boolean)
})
export type Restore = typeof Restore.Type

/** A row as a reader found it. `createdAt` is epoch ms, null when the file has none (or none that parses). */
export const Candidate = Schema.Struct({
  kind: Schema.Literals(["link", "textNote"]),
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  note: Schema.String,
  tags: Schema.Array(Schema.String),
  createdAt: Schema.NullOr(Schema.Finite),
  restore: Schema.optional(Restore),
  /** Our own export: the lists holding it, each a path of names from the top level (docs/lists.md). */
  lists: Schema.optional(Schema.Array(Schema.Array(Schema.String))),
  /** Our own export: its highlights (docs/reading.md, "Highlights"). */
  highlights: Schema.optional(Schema.Array(Highlight.Exported)),
  /** Our own zip export: the file inside the zip holding the bookmark's archived copy (`copies/<asset>.html`). */
  copyFile: Schema.optional(Schema.String),
  /**
   * A bookmark file's folder holding the row: its path of names below the browser's own top folders, and the tag
   * it gives. The import's `folders` choice makes it the tag (after `tags`) or lists (`Import.Folders`).
   */
  folder: Schema.optional(Schema.Struct({ path: Schema.Array(Schema.String), tags: Schema.Array(Schema.String) }))
})
export type Candidate = typeof Candidate.Type

/** A row of a file: where it is (`line 12`, `bookmarks[3]`) and what was found there, or why nothing usable was. */
export interface Row {
  readonly position: string
  readonly candidate: Result.Result<Candidate, string>
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
  readonly lists?: ReadonlyArray<ReadonlyArray<string>> | undefined
  readonly highlights?: ReadonlyArray<Highlight.Exported> | undefined
  readonly copyFile?: string | undefined
  /** The folder path, when the import makes folders lists (`withFolders`). */
  readonly folder?: ReadonlyArray<string> | undefined
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
export const validate = (candidate: Candidate, importedAt: number): Result.Result<Valid, string> =>
  Result.gen(function*() {
    const bad = textProblem("", candidate)
    if (bad !== undefined) return yield* Result.fail(bad)
    const url = candidate.kind === "textNote"
      ? Bookmark.noteUrl
      : yield* Result.mapError(
        normalizeBookmarkUrl(candidate.url),
        (e) => `url ${e.reason}${candidate.url === "" ? "" : ` ('${clip(candidate.url, 80)}')`}`
      )
    if (candidate.kind === "textNote" && candidate.note.trim() === "") return yield* Result.fail("text note is empty")
    const tags = yield* Result.mapError(Tags.parse(candidate.tags), (e) => e.reason)
    if (candidate.note.length > Bookmark.maxNoteLength) {
      return yield* Result.fail(`note must be at most ${Bookmark.maxNoteLength} characters`)
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
      restore: candidate.restore,
      lists: candidate.lists,
      highlights: candidate.highlights,
      copyFile: candidate.copyFile,
      folder: candidate.folder !== undefined && candidate.folder.path.length > 0 ? candidate.folder.path : undefined
    }
  })

/**
 * A row's folder as the import chose (`Import.Folders`): its tag after the file's own tags, or its path kept for
 * the lists (and no tag). A candidate without a folder is unchanged.
 */
export const withFolders = (candidate: Candidate, folders: "tags" | "lists"): Candidate => {
  const folder = candidate.folder
  if (folder === undefined) return candidate
  return folders === "lists"
    ? candidate
    : { ...candidate, tags: [...candidate.tags, ...folder.tags], folder: { path: [], tags: folder.tags } }
}

/**
 * The key that makes two rows the same bookmark: the URL's canonical form (CanonicalUrl.canonical: scheme, `www.`,
 * trailing slashes, fragment and tracking parameters set aside, parameters sorted; docs/import-export.md,
 * "Duplicates"), as the library's `is:duplicate` counts; or the text of a text note.
 */
export const duplicateKey = (item: { readonly url: string; readonly note: string }): string => {
  if (item.url === Bookmark.noteUrl) return `note:${item.note}`
  const canonical = CanonicalUrl.canonical(item.url)
  return canonical === "" ? `url:${item.url}` : `url:${canonical}`
}

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
