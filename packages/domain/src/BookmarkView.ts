/** The API views of a bookmark (docs/api.md, "Resources"): the full bookmark, the list row, the save's answer. */
import { Schema } from "effect"
import type * as Archive from "./Archive.js"
import { effective, generatedTags, type Record, Status } from "./BookmarkRecord.js"
import { all as allTypes, BookmarkType } from "./BookmarkType.js"
import * as DocumentedText from "./DocumentedText.js"
import { BookmarkId } from "./Ids.js"
import * as LinkHealth from "./LinkHealth.js"
import * as Links from "./ports/Links.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

/** The fields of the API views, described once for the OpenAPI document (docs/api.md, "Resources"). */
const view = {
  id: BookmarkId.annotate({ description: "Stable identifier" }),
  url: Schema.String.annotate({ description: "The saved page, normalised (WHATWG serialization)" }),
  title: Schema.String.annotate({ description: "Page title, or the title edited in the app; empty while processing" }),
  description: Schema.String.annotate({ description: "Meta description of the page, or the one edited in the app" }),
  // Documented as an open list (the known kinds, or any other string), so clients are ready for new kinds.
  type: DocumentedText.of(BookmarkType, allTypes.map((type) => JSON.stringify(type)).join(" | ")).check(
    DocumentedText.jsonSchema({ anyOf: [{ type: "string", enum: [...allTypes] }, { type: "string" }] }, {
      description: `Kind of item: ${allTypes.join(", ")}. The list is open: later versions may add kinds, ` +
        "so treat an unknown value like `website`."
    })
  ),
  tags: Schema.Array(Schema.String).annotate({ description: "The caller's tags, then generated ones" }),
  generatedTags: Schema.Array(Schema.String).annotate({
    description: "Which of `tags` were generated from the page and not yet accepted by a person (accept or drop " +
      "them in bulk: `POST /bookmarks/generated-tags`); empty once a person edited the tags"
  }),
  note: Schema.String.annotate({ description: "The caller's own note" }),
  summary: Schema.String.annotate({ description: "Generated summary; empty while processing" }),
  image: Schema.String.annotate({ description: "Preview image URL, or empty" }),
  screenshot: Schema.String.annotate({ description: "Full-page screenshot URL, or empty" }),
  favicon: Schema.String.annotate({ description: "Site icon URL, or empty" }),
  createdAt: IsoTimestamp.annotate({
    description: "When it was saved (ISO 8601, milliseconds, UTC); unique per account and the pagination cursor"
  }),
  status: Status.annotate({ description: "`processing` until enrichment ends, then `ready`" }),
  archive: Schema.String.annotate({
    description: "A short-lived signed link to the archived copy (a self-contained HTML page, or the PDF), or empty"
  }),
  archivedAt: Schema.String.annotate({
    description: "When the archived copy was taken (ISO 8601, UTC), or empty when there is none"
  }),
  archiveProblem: Schema.String.annotate({
    description: "Empty when the last archiving attempt kept a copy; otherwise why not (a size or time cap, a bot " +
      "challenge or login wall, …), or what the copy leaves out; an earlier copy stays until a new one is taken"
  }),
  archiveCapturedBy: Schema.optionalKey(Schema.Literals(["browser"])).annotate({
    description: "`browser` when the archived copy is the page as the person's browser showed it, uploaded with the " +
      "save (`POST /bookmarks/with-copy`; its URL is never fetched); absent when the service took the copy"
  }),
  processingError: Schema.String.annotate({
    description: "Empty when nothing went wrong; otherwise why enrichment fell short (while a retry is pending: the " +
      "last attempt's reason and when the next attempt is due)"
  }),
  favourite: Schema.optionalKey(Schema.Boolean).annotate({
    description: "Starred by the person (set in the app or through MCP); search `is:favourite`"
  }),
  archived: Schema.optionalKey(Schema.Boolean).annotate({
    description: "Done reading (set in the app or through MCP); search `is:archived`, or `is:unread` for the rest"
  }),
  linkHealth: Schema.optionalKey(Schema.Literals([...LinkHealth.State.literals, ""])).annotate({
    description: "The saved URL's health from periodic checks: `ok`, `moved` (permanently redirected: see " +
      "`movedTo`), `gone` (404 or 410) or `unreachable` (no answer on several checks in a row); empty until a " +
      "check decided. Filter with `health=` or search `is:broken`"
  }),
  linkCheckedAt: Schema.optionalKey(Schema.String).annotate({
    description: "When the URL was last checked (ISO 8601, UTC), or empty when never"
  }),
  movedTo: Schema.optionalKey(Schema.String).annotate({
    description: "Where a `moved` URL leads now, or empty"
  })
}

/**
 * The full bookmark (docs/api.md, "Resources"): the specification's fields plus `status`, `processingError`,
 * `generatedTags`, the archive fields, the person's states `favourite` and `archived` (docs/search.md, "States";
 * optional in the schema, always sent) and the link's health (docs/preservation.md, "Link health"; the same).
 */
export const Bookmark = Schema.Struct({
  id: view.id,
  url: view.url,
  title: view.title,
  description: view.description,
  type: view.type,
  tags: view.tags,
  generatedTags: view.generatedTags,
  note: view.note,
  summary: view.summary,
  image: view.image,
  screenshot: view.screenshot,
  favicon: view.favicon,
  createdAt: view.createdAt,
  status: view.status,
  processingError: view.processingError,
  archive: view.archive,
  archivedAt: view.archivedAt,
  archiveProblem: view.archiveProblem,
  archiveCapturedBy: view.archiveCapturedBy,
  favourite: view.favourite,
  archived: view.archived,
  linkHealth: view.linkHealth,
  linkCheckedAt: view.linkCheckedAt,
  movedTo: view.movedTo,
  highlights: Schema.optionalKey(Schema.Int.annotate({
    description: "How many passages of the readable text are highlighted (additive; sent by `GET /bookmarks/:id`)"
  }))
}).annotate({ identifier: "Bookmark", description: "A saved page with its derived fields" })
export type Bookmark = typeof Bookmark.Type

/** A row of `GET /bookmarks`. */
export const ListRow = Schema.Struct({
  id: view.id,
  url: view.url,
  title: view.title,
  description: view.description,
  type: view.type,
  tags: view.tags,
  favicon: view.favicon,
  status: view.status,
  createdAt: view.createdAt
}).annotate({ identifier: "BookmarkListRow", description: "A bookmark as a row of a page: no note, summary or images" })
export type ListRow = typeof ListRow.Type

/** The full view of a record; `links` turns the stored screenshot id into its absolute link. */
export const present = (record: Record, links: Links.Links["Service"]): Bookmark => {
  const eff = effective(record)
  return {
    id: record.id,
    url: record.url,
    title: eff.title,
    description: eff.description,
    type: eff.type,
    tags: eff.tags,
    generatedTags: generatedTags(record),
    note: eff.note,
    summary: record.derived.summary,
    image: record.derived.image,
    screenshot: Links.screenshot(links, record.derived.screenshot),
    favicon: record.derived.favicon,
    createdAt: toIso(record.createdAt),
    status: record.status,
    processingError: record.processingError,
    favourite: record.favourite === true,
    archived: record.archived === true,
    ...archiveView(record.derived.archive, links),
    linkHealth: record.health?.state ?? "",
    linkCheckedAt: record.health === undefined ? "" : toIso(record.health.checkedAt),
    movedTo: record.health?.movedTo ?? ""
  }
}

/** The archive fields of the full view: the copy's link (signed and short-lived), when it was taken, what is off. */
const archiveView = (archive: Archive.Archive | undefined, links: Links.Links["Service"]) => {
  const copy = archive?.copy
  const problem = archive?.problem ?? ""
  return {
    archive: copy === undefined ? "" : Links.archive(links, copy.asset),
    archivedAt: copy === undefined ? "" : toIso(copy.takenAt),
    archiveProblem: problem !== "" ? problem : (copy?.partial ?? ""),
    ...(copy?.capturedBy === "browser" ? { archiveCapturedBy: "browser" as const } : {})
  }
}

/** The list-row view of a record. */
export const presentRow = (record: Record): ListRow => {
  const eff = effective(record)
  return {
    id: record.id,
    url: record.url,
    title: eff.title,
    description: eff.description,
    type: eff.type,
    tags: eff.tags,
    favicon: record.derived.favicon,
    status: record.status,
    createdAt: toIso(record.createdAt)
  }
}

/** Create-bookmark acknowledgement (docs/api.md, "Save a bookmark"). */
export const Ack = Schema.Struct({
  id: view.id,
  url: Schema.String.annotate({ description: "The URL as saved (normalised)" }),
  status: Schema.Literal("processing").annotate({
    description: "Always `processing`: enrichment runs in the background"
  })
}).annotate({ identifier: "BookmarkAck", description: "The answer to a save, before the page is fetched" })
export type Ack = typeof Ack.Type
