/**
 * Our export formats, as pieces a stream writes one bookmark at a time: our JSON (every field, the caller's
 * tags and note, the derived values and the app edits apart, so an import restores the bookmark exactly) and
 * Netscape bookmark HTML (tags in TAGS, the note in DD). See docs/import-export.md.
 */
import { Schema } from "effect"
import * as Bookmark from "./Bookmark.js"
import * as Highlight from "./Highlight.js"
import type { Candidate } from "./ImportItem.js"
import * as Links from "./ports/Links.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

/**
 * `zip`: our JSON with every archived copy beside it, as files the JSON names (`copyFile`); `markdown`: the
 * highlights with their notes, bookmark by bookmark (docs/reading.md, "Highlights").
 */
export const Format = Schema.Literals(["json", "html", "zip", "markdown"])
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
  edits: Bookmark.Overrides,
  /** The lists holding it, each as its path of names from the top level (docs/lists.md, "Export and import"). */
  lists: Schema.optionalKey(Schema.Array(Schema.Array(Schema.String))),
  /**
   * In the zip export only: the path of the bookmark's archived copy inside the zip (`copies/<asset>.html` or
   * `.pdf`; docs/import-export.md, "The export as a zip with the copies").
   */
  copyFile: Schema.optionalKey(Schema.String),
  /** Its highlights with their notes (docs/reading.md, "Highlights"). */
  highlights: Schema.optionalKey(Schema.Array(Highlight.Exported))
}).annotate({ identifier: "ExportedBookmark" })
export type ExportedBookmark = typeof ExportedBookmark.Type

/** The envelope around the bookmarks; only `format` is needed to recognise the file. */
export const Envelope = Schema.Struct({
  format: Schema.Literal(formatName),
  version: Schema.Literal(version),
  exportedAt: IsoTimestamp,
  bookmarks: Schema.Array(Schema.Unknown)
})

/** `links` gives the top-level `screenshot` its absolute link, as `GET /bookmarks/:id` shows it. */
export const toExported = (
  record: Bookmark.Record,
  links: Links.Links["Service"],
  lists: ReadonlyArray<ReadonlyArray<string>> = [],
  highlights: ReadonlyArray<Highlight.Record> = []
): ExportedBookmark => {
  // The full view's `highlights` count gives way to the highlights themselves.
  const { highlights: _count, ...view } = Bookmark.present(record, links)
  return {
    ...view,
    saved: { tags: record.callerTags, note: record.note },
    derived: record.derived,
    edits: record.overrides,
    ...(lists.length === 0 ? {} : { lists }),
    ...(highlights.length === 0 ? {} : { highlights: highlights.map(Highlight.toExported) })
  }
}

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
  ...(b.lists === undefined ? {} : { lists: b.lists }),
  ...(b.highlights === undefined ? {} : { highlights: b.highlights }),
  ...(b.copyFile === undefined ? {} : { copyFile: b.copyFile }),
  restore: {
    status: b.status,
    processingError: b.processingError,
    callerTags: b.saved.tags,
    note: b.saved.note,
    derived: { ...b.derived, screenshot: Links.assetIdIn(b.derived.screenshot) },
    overrides: b.edits,
    ...(b.favourite === true ? { favourite: true } : {}),
    ...(b.archived === true ? { archived: true } : {})
  }
})

// ---- JSON pieces: header, one bookmark per line, footer ----

export const jsonHeader = (exportedAt: number) =>
  `{"format":"${formatName}","version":${version},"exportedAt":"${toIso(exportedAt)}","bookmarks":[\n`

export const jsonItem = (
  record: Bookmark.Record,
  first: boolean,
  links: Links.Links["Service"],
  lists: ReadonlyArray<ReadonlyArray<string>> = [],
  highlights: ReadonlyArray<Highlight.Record> = [],
  copyFile?: string
) =>
  (first ? "" : ",\n") +
  JSON.stringify(
    copyFile === undefined ? toExported(record, links, lists, highlights) : {
      ...toExported(record, links, lists, highlights),
      copyFile
    }
  )

/** Where the zip export keeps a bookmark's archived copy: named by its asset, typed by its content. */
export const copyFileOf = (record: Bookmark.Record): string | undefined => {
  // Only a well-formed asset id (hex) makes a file name: nothing else from a record reaches a path.
  const asset = Bookmark.copyAsset(record)
  const copy = record.derived.archive?.copy
  if (asset === undefined || copy === undefined) return undefined
  return `copies/${asset}.${/^application\/pdf\b/i.test(copy.contentType) ? "pdf" : "html"}`
}

/** A `copyFile` as the zip export writes it: nothing else names a file an import reads from a zip. */
export const isCopyFile = (name: string): boolean => /^copies\/[0-9a-f]{1,64}\.(?:html|pdf)$/.test(name)

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
  const line = `    <DT><A HREF="${escapeHtml(record.url)}" ADD_DATE="${Math.floor(record.createdAt / 1000)}"${tags}>${
    escapeHtml(title)
  }</A>\n`
  return eff.note === "" ? line : `${line}    <DD>${escapeHtml(eff.note)}\n`
}

export const htmlFooter = "</DL><p>\n"

// ---- Markdown of the highlights ----

export const markdownHeader = (exportedAt: number) => `# Highlights\n\nExported ${toIso(exportedAt)}.\n\n`

/** A highlighted bookmark's section (`Highlight.markdown`); a bookmark without highlights has none: "". */
export const markdownItem = (record: Bookmark.Record, highlights: ReadonlyArray<Highlight.Record>) =>
  highlights.length === 0
    ? ""
    : `${Highlight.markdown({ title: Bookmark.effective(record).title, url: record.url }, highlights)}\n`
