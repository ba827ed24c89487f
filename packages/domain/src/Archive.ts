/**
 * A bookmark's archived copy (docs/preservation.md): the self-contained page (or the PDF itself) kept as an asset,
 * when it was taken, and why the last attempt kept no new copy. A refresh keeps the previous copy until a new one
 * is taken.
 */
import { Schema } from "effect"

export const Copy = Schema.Struct({
  /** The asset id of the copy. */
  asset: Schema.String,
  /** Epoch ms when it was taken. */
  takenAt: Schema.Finite,
  bytes: Schema.Finite,
  /** `text/html` (a page) or `application/pdf` (a PDF bookmark). */
  contentType: Schema.String,
  /** What was left out to stay within the bounds or the address policy; "" when nothing was. */
  partial: Schema.String,
  /**
   * Who took it: absent for the service's own render, `browser` for a copy the person's browser serialised and
   * uploaded (the extension's "Save with page copy"): enrichment then reads that copy and never fetches the URL.
   */
  capturedBy: Schema.optional(Schema.Literals(["browser"]))
})
export type Copy = typeof Copy.Type

export const Archive = Schema.Struct({
  copy: Schema.optional(Copy),
  /** Why the last attempt kept no new copy ("" when it did): a cap, a timeout, a bot challenge or login wall. */
  problem: Schema.String
})
export type Archive = typeof Archive.Type

export const none: Archive = { problem: "" }

/** The archive after an attempt that took `copy`: the new copy replaces the old one. */
export const taken = (copy: Copy): Archive => ({ copy, problem: "" })

/** The archive after an attempt that kept nothing: the previous copy stays, with the reason. */
export const missed = (previous: Archive | undefined, problem: string): Archive => ({
  ...(previous?.copy === undefined ? {} : { copy: previous.copy }),
  problem
})

/** The stored form (one JSON column): decoded with the schema, anything unreadable is no archive. */
export const decodeStored = (json: unknown): Archive => {
  const decoded = Schema.decodeUnknownOption(Archive)(json)
  return decoded._tag === "Some" ? decoded.value : none
}

/** The size cap of a copy by default: 20 MB (ARCHIVE_MAX_BYTES). */
export const defaultMaxBytes = 20 * 1024 * 1024

const passwordField = /<input\b[^>]*\btype\s*=\s*["']?password\b/i

/**
 * A login wall stands where the page would be: a password field and little text of its own. Kept as "the page",
 * it would preserve the wall, not the article.
 */
export const isLoginWall = (html: string, textLength: number): boolean => textLength < 1_500 && passwordField.test(html)
