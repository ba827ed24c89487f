/**
 * Our export formats, as pieces a stream writes one bookmark at a time: our JSON (every field, the caller's
 * tags and note, the derived values and the app edits apart, so an import restores the bookmark exactly) and
 * Netscape bookmark HTML (tags in TAGS, the note in DD). See docs/import-export.md.
 */
import { Schema } from "effect"
import * as Bookmark from "./Bookmark.js"
import type { Candidate } from "./ImportItem.js"
import * as Links from "./Links.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

export const Format = Schema.Literal("json", "html")
export type Format = typeof Format.Type

export const formatName = "bookmark-library-export"
export const version = 1

/** One bookmark of our JSON export. The first fields are what `GET /bookmarks/:id` shows. */
export const ExportedBookmark = Schema.Struct({
  ...Bookmark.Bookmark.fields,
  /** What the saver gave: tags and note as saved. */
  saved: Schema.Struct({ tags: Schema.Array(Schema.String), note: Schema.String }),
  /** What enrichment derived. */
  derived: Bookmark.Derived,
  /** App edits; each present value wins over the derived or saved one. */
  edits: Bookmark.Overrides
}).annotations({ identifier: "ExportedBookmark" })
export type ExportedBookmark = typeof ExportedBookmark.Type

/** The envelope around the bookmarks; only `format` is needed to recognise the file. */
export const Envelope = Schema.Struct({
  format: Schema.Literal(formatName),
  version: Schema.Literal(version),
  exportedAt: IsoTimestamp,
  bookmarks: Schema.Array(Schema.Unknown)
})

/** `links` gives the top-level `screenshot` its absolute link, as `GET /bookmarks/:id` shows it. */
export const toExported = (record: Bookmark.Record, links: Links.Links["Type"]): ExportedBookmark => ({
  ...Bookmark.present(record, links),
  saved: { tags: record.callerTags, note: record.note },
  derived: record.derived,
  edits: record.overrides
})

/**
 * An exported bookmark read back: the candidate that restores it (new id, same everything else). The screenshot is
 * kept as the asset id it names (an id, or the id at the end of an older export's link): the asset itself is not in
 * the file (docs/import-export.md, "Export").
 */
export const toCandidate = (b: ExportedBookmark): Candidate => ({
  kind: b.url === Bookmark.noteUrl ? "textNote" : "link",
  url: b.url,
  title: b.derived.title,
  description: b.derived.description,
  note: b.saved.note,
  tags: b.saved.tags,
  createdAt: Date.parse(b.createdAt),
  restore: {
    status: b.status,
    processingError: b.processingError,
    callerTags: b.saved.tags,
    note: b.saved.note,
    derived: { ...b.derived, screenshot: Links.assetIdIn(b.derived.screenshot) },
    overrides: b.edits
  }
})

// ---- JSON pieces: header, one bookmark per line, footer ----

export const jsonHeader = (exportedAt: number) =>
  `{"format":"${formatName}","version":${version},"exportedAt":"${toIso(exportedAt)}","bookmarks":[\n`

export const jsonItem = (record: Bookmark.Record, first: boolean, links: Links.Links["Type"]) =>
  (first ? "" : ",\n") + JSON.stringify(toExported(record, links))

export const jsonFooter = "\n]}\n"

// ---- Netscape bookmark HTML pieces ----

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export const htmlHeader = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
`

/** A bookmark as a `DT` line, its note as `DD`; a text note (no page) has no place in this format: "". */
export const htmlItem = (record: Bookmark.Record) => {
  if (Bookmark.isNote(record)) return ""
  const eff = Bookmark.effective(record)
  const tags = eff.tags.length === 0 ? "" : ` TAGS="${escapeHtml(eff.tags.join(","))}"`
  const title = eff.title === "" ? record.url : eff.title
  const line = `    <DT><A HREF="${escapeHtml(record.url)}" ADD_DATE="${Math.floor(record.createdAt / 1000)}"${tags}>${escapeHtml(title)}</A>\n`
  return eff.note === "" ? line : `${line}    <DD>${escapeHtml(eff.note)}\n`
}

export const htmlFooter = "</DL><p>\n"
