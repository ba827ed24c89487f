/**
 * Bulk actions: one operation on many bookmarks at once, chosen by ids or by a search (docs/lists.md, "Bulk
 * actions"). Every face (the web app, the JSON API, the admin API) runs the same use case and reads the same
 * per-item results.
 */
import { Schema } from "effect"
import type { AccountId, BulkId } from "./Ids.js"
import * as Pagination from "./Pagination.js"
import * as Payload from "./Payload.js"
import * as Text from "./Text.js"
import * as Timestamp from "./Timestamp.js"

export const actions = [
  "addTags",
  "removeTags",
  "addToList",
  "removeFromList",
  "favourite",
  "unfavourite",
  "archive",
  "unarchive",
  "refresh",
  "delete"
] as const
export const Action = Schema.Literals(actions)
export type Action = typeof Action.Type

/**
 * Actions that edit a bookmark's tags. The API writes `url`, `tags` and `note` only at creation (edits are the web
 * app's), so the JSON API refuses these; the web app and the admin API offer them.
 */
export const editsTags = (action: Action): boolean => action === "addTags" || action === "removeTags"

/** Actions that need `tags`, and those that need `listId`. */
export const needsTags = editsTags
export const needsList = (action: Action): boolean => action === "addToList" || action === "removeFromList"

/** At most this many ids in one request (as a list's add, `List.maxBatch`). */
export const maxIds = 1_000
/** Selections larger than this run as a job with progress; smaller ones are answered at once. */
export const jobThreshold = 200
/** A search selects at most this many bookmarks (newest first); the rest are left as they are. */
export const maxSelection = 100_000
/** Items applied per transaction; the job rests between batches so saves are answered meanwhile. */
export const batchSize = 100
/** A job keeps at most this many results that are not `ok` (a sync answer lists every item). */
export const maxKeptProblems = 1_000

export const ItemOutcome = Schema.Literals(["ok", "not_found", "error"])
export type ItemOutcome = typeof ItemOutcome.Type

export const ItemResult = Schema.Struct({
  id: Schema.String.annotate({ description: "The bookmark id as given" }),
  result: ItemOutcome.annotate({
    description: "`ok`: done (or already so); `not_found`: no such bookmark in the account; `error`: see `reason`"
  }),
  reason: Schema.optionalKey(Schema.String.annotate({ description: "Why the item failed (`error` only)" }))
}).annotate({ identifier: "BulkItemResult", description: "What became of one bookmark" })
export type ItemResult = typeof ItemResult.Type

const tagsField = Schema.Array(Text.field({ description: "A tag", maxLength: 64 })).annotate({
  description: "The tags to add or remove (`addTags`, `removeTags`)"
})

export const BatchPayload = Schema.Struct({
  action: Action.annotate({ description: "What to do to every selected bookmark" }),
  ids: Schema.optionalKey(
    Schema.Array(Text.field({ description: "A bookmark id" })).annotate({
      description: `The bookmarks, at most ${maxIds}; give \`ids\` or \`q\`, not both`
    })
  ),
  q: Schema.optionalKey(Text.field({
    description: `Every bookmark this search finds (the search language of \`GET /bookmarks?q=\`), at most ` +
      `${maxSelection.toLocaleString("en-US")}`,
    maxLength: Pagination.maxQueryLength
  })),
  tags: Schema.optionalKey(tagsField),
  listId: Schema.optionalKey(Text.field({ description: "The list (`addToList`, `removeFromList`)" }))
}).annotate({
  identifier: "BookmarksBatch",
  description: "One action on many bookmarks, chosen by ids or by a search",
  ...Payload.strict
})
export type BatchPayload = typeof BatchPayload.Type

export const State = Schema.Literals(["running", "done"])

const count = (description: string) => Schema.Int.annotate({ description })

/** A batch as every face shows it: counts, and the results (all of them, or a job's problems). */
export const Progress = Schema.Struct({
  id: Schema.String.annotate({ description: "The batch's id (`blk_…`): ask `GET /bookmarks/batch/{id}` again" }),
  action: Action.annotate({ description: "The action asked for" }),
  state: State.annotate({ description: "`running` while a job works through the selection; `done` after" }),
  total: count("How many bookmarks were selected"),
  done: count("How many have been handled so far"),
  ok: count("Handled with success"),
  notFound: count("Not in the account (unknown id, another account's or deleted meanwhile)"),
  failed: count("Failed for another reason"),
  results: Schema.Array(ItemResult).annotate({
    description: `Answered at once (at most ${jobThreshold} bookmarks): every item in order. ` +
      `A job: the items that were not ok, at most ${maxKeptProblems}.`
  }),
  createdAt: Timestamp.IsoTimestamp.annotate({ description: "When the batch was asked for" }),
  finishedAt: Schema.NullOr(Timestamp.IsoTimestamp).annotate({ description: "When it ended; null while it runs" })
}).annotate({ identifier: "BookmarksBatchResult", description: "The progress and outcome of a bulk action" })
export type Progress = typeof Progress.Type

/** A validated operation. */
export interface Operation {
  readonly action: Action
  /** For tag actions, parsed (`Tags.parse`); empty otherwise. */
  readonly tags: ReadonlyArray<string>
  /** For list actions; "" otherwise. */
  readonly listId: string
}

/** How long a finished run's progress stays readable; housekeeping forgets it after (7 days). */
export const retention = 7 * 24 * 3_600_000

/** How long a process holds a run it works on before another may take it over (renewed by every step). */
export const lease = 15_000

/**
 * A run as storage keeps it (docs/lists.md, "Bulk actions"): the operation, the selection resolved to ids when it
 * was accepted (kept apart, read only by the process that works on it), and how far it got. `position` ids of the
 * selection are handled; the next step starts there.
 */
export interface Record {
  readonly id: BulkId
  readonly accountId: AccountId
  readonly operation: Operation
  /** More than `jobThreshold` bookmarks: keeps only the results that were not ok. */
  readonly job: boolean
  readonly state: typeof State.Type
  readonly total: number
  readonly position: number
  readonly ok: number
  readonly notFound: number
  readonly failed: number
  readonly results: ReadonlyArray<ItemResult>
  readonly createdAt: number
  readonly finishedAt: number | null
}

/** One step of a run: where it now stands, what the step added, the results it keeps. */
export interface Step {
  readonly position: number
  readonly ok: number
  readonly notFound: number
  readonly failed: number
  readonly results: ReadonlyArray<ItemResult>
}

/** The step that handled `items` from `from`: a job keeps the items that were not ok, a small run every item. */
export const stepOf = (job: boolean, from: number, items: ReadonlyArray<ItemResult>): Step => ({
  position: from + items.length,
  ok: items.filter((i) => i.result === "ok").length,
  notFound: items.filter((i) => i.result === "not_found").length,
  failed: items.filter((i) => i.result === "error").length,
  results: job ? items.filter((i) => i.result !== "ok") : items
})

/** `record` after `step`, as storage keeps it (results up to `maxKeptProblems`). */
export const advanced = (record: Record, step: Step): Record => ({
  ...record,
  position: step.position,
  ok: record.ok + step.ok,
  notFound: record.notFound + step.notFound,
  failed: record.failed + step.failed,
  results: [...record.results, ...step.results].slice(0, maxKeptProblems)
})

export const present = (record: Record): Progress => ({
  id: record.id,
  action: record.operation.action,
  state: record.state,
  total: record.total,
  done: record.position,
  ok: record.ok,
  notFound: record.notFound,
  failed: record.failed,
  results: [...record.results],
  createdAt: Timestamp.toIso(record.createdAt),
  finishedAt: record.finishedAt === null ? null : Timestamp.toIso(record.finishedAt)
})

/** The past tense of an action, for a line such as "Archived 12 bookmarks". */
export const doneLabel: { readonly [A in Action]: string } = {
  addTags: "Tagged",
  removeTags: "Removed tags from",
  addToList: "Added to the list",
  removeFromList: "Took out of the list",
  favourite: "Starred",
  unfavourite: "Unstarred",
  archive: "Archived",
  unarchive: "Unarchived",
  refresh: "Refreshing",
  delete: "Deleted"
}
