/** The stored bookmark record and its rules: derived fields, overrides, the person's tags, states, effective values. */
import { Schema } from "effect"
import * as Archive from "./Archive.js"
import { BookmarkType } from "./BookmarkType.js"
import { AccountId, BookmarkId } from "./Ids.js"
import * as LinkHealth from "./LinkHealth.js"
import * as Tags from "./Tags.js"

export const Status = Schema.Literals(["processing", "ready"])
export type Status = typeof Status.Type

export const Source = Schema.Literals(["api", "app", "extension", "mcp", "import"])
export type Source = typeof Source.Type

/** Fields derived from the page by enrichment. */
export const Derived = Schema.Struct({
  title: Schema.String,
  description: Schema.String,
  type: BookmarkType,
  image: Schema.String,
  favicon: Schema.String,
  /** The asset id of the full-page screenshot ("" when none); answers carry its link (`Links`). */
  screenshot: Schema.String,
  summary: Schema.String,
  tags: Schema.Array(Schema.String),
  /** The asset id of the card's small WebP picture (docs/web.md, "Cards"); absent or "" when none. */
  thumbnail: Schema.optionalKey(Schema.String),
  /** The asset id of the site icon as stored by us (a small WebP); absent or "" when none. */
  icon: Schema.optionalKey(Schema.String),
  /** The archived copy and the last attempt's problem (docs/preservation.md); absent before the first attempt. */
  archive: Schema.optional(Archive.Archive)
})
export type Derived = typeof Derived.Type

export const emptyDerived: Derived = {
  title: "",
  description: "",
  type: "website",
  image: "",
  favicon: "",
  screenshot: "",
  summary: "",
  tags: []
}

/**
 * Values edited in the app; each one present replaces the derived or saved value. `acceptedTags` and `droppedTags`
 * are a person's verdict on generated tags (docs/enrichment.md, "Tags"): accepted ones are the person's from then on
 * (kept when the page is analysed again), dropped ones are never shown or generated for the bookmark again.
 */
export const Overrides = Schema.Struct({
  title: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  tags: Schema.optional(Schema.Array(Schema.String)),
  note: Schema.optional(Schema.String),
  type: Schema.optional(BookmarkType),
  acceptedTags: Schema.optional(Schema.Array(Schema.String)),
  droppedTags: Schema.optional(Schema.Array(Schema.String))
})
export type Overrides = typeof Overrides.Type

/** What storage keeps for a bookmark. `createdAt` is epoch ms, unique and increasing per account. */
export const Record = Schema.Struct({
  id: BookmarkId,
  accountId: AccountId,
  url: Schema.String,
  source: Source,
  createdAt: Schema.Finite,
  status: Status,
  processingError: Schema.String,
  callerTags: Schema.Array(Schema.String),
  note: Schema.String,
  derived: Derived,
  overrides: Overrides,
  pageText: Schema.String,
  /**
   * The readable part of the page as Markdown (docs/mcp.md, "Content as Markdown"): absent for records enriched
   * before it was kept, and for pages that give none (PDFs, plain text), where the text stands in for it.
   */
  pageMarkdown: Schema.optionalKey(Schema.String),
  /** The person's states (docs/search.md, "States"): absent means off, so records from before them read the same. */
  favourite: Schema.optionalKey(Schema.Boolean),
  archived: Schema.optionalKey(Schema.Boolean),
  /** The link's last checks (docs/preservation.md, "Link health"); absent until the first check. */
  health: Schema.optionalKey(LinkHealth.Health)
})
export type Record = typeof Record.Type

/**
 * A person's tags: the ones edited in the app, else the ones given at save plus the generated ones accepted. They
 * always win: enrichment never generates one of them again, nor a variant of one (docs/enrichment.md, "Tags").
 */
export const personTags = (record: Record): ReadonlyArray<string> =>
  record.overrides.tags ?? Tags.merge(record.callerTags, record.overrides.acceptedTags ?? [])

/** The generated tags a reader sees: none once a person edited the tags; never a person's tag or a dropped one. */
export const generatedTags = (record: Record): Array<string> => {
  if (record.overrides.tags !== undefined) return []
  const person = personTags(record)
  const dropped = record.overrides.droppedTags ?? []
  return Tags.normalize(record.derived.tags).filter((tag) => !Tags.has(person, tag) && !Tags.has(dropped, tag))
}

/** The states a person sets on a bookmark; a state left out keeps its value. */
export interface States {
  readonly favourite?: boolean
  readonly archived?: boolean
}

/** `record` with `states` applied, a state that is off left absent. */
export const withStates = (record: Record, states: States): Record => {
  const { archived: _a, favourite: _f, ...rest } = record
  const favourite = states.favourite ?? record.favourite === true
  const archived = states.archived ?? record.archived === true
  return { ...rest, ...(favourite ? { favourite } : {}), ...(archived ? { archived } : {}) }
}

/** The effective values a reader sees: overrides win, tags are the person's then the generated ones. */
export const effective = (record: Record) => ({
  title: record.overrides.title ?? record.derived.title,
  description: record.overrides.description ?? record.derived.description,
  tags: record.overrides.tags ?? Tags.merge(personTags(record), generatedTags(record)),
  note: record.overrides.note ?? record.note,
  type: record.overrides.type ?? record.derived.type
})
