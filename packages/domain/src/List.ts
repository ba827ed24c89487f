/** Lists: named, nestable collections of bookmarks; names, the tree's rules and the API views (docs/lists.md). */
import { Result, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import { AccountId, ListId } from "./Ids.js"
import * as Payload from "./Payload.js"
import * as Text from "./Text.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

export const maxNameLength = 100
/** Lists per account: the sidebar and the tree's checks read them all at once. */
export const maxPerAccount = 1_000
/** Levels of nesting: a top-level list is at depth 1. */
export const maxDepth = 8
/** Bookmarks one request may add to or remove from a list. */
export const maxBatch = 1_000

/** What storage keeps. `parentId` null: a top-level list. */
export const Record = Schema.Struct({
  id: ListId,
  accountId: AccountId,
  name: Schema.String,
  parentId: Schema.NullOr(ListId),
  createdAt: Schema.Finite
})
export type Record = typeof Record.Type

/** A list with the number of bookmarks directly in it. */
export interface Summary extends Record {
  readonly count: number
}

/** What the tree's rules read of a list (a record, a summary or a view). */
export interface Node {
  readonly id: string
  readonly name: string
  readonly parentId: string | null
}

/** The case-insensitive identity of a name: two lists of an account never share it. */
export const nameKey = (name: string): string => name.toLowerCase()

/** A name: trimmed, inner whitespace collapsed, 1 to `maxNameLength` characters of accepted text. */
export const parseName = (input: string, field = "name"): Result.Result<string, InvalidInput> => {
  const name = input.trim().replace(/\s+/g, " ")
  const problem = Text.problem(name)
  if (problem !== undefined) return Result.fail(new InvalidInput({ field, reason: problem, code: "invalid_text" }))
  if (name === "") return Result.fail(new InvalidInput({ field, reason: "must not be empty" }))
  if (name.length > maxNameLength) {
    return Result.fail(new InvalidInput({ field, reason: `must be at most ${maxNameLength} characters` }))
  }
  return Result.succeed(name)
}

/** Siblings by name key, then id, in code-unit order so every store sorts alike. */
export const byName = (a: Node, b: Node): number => {
  const ka = nameKey(a.name)
  const kb = nameKey(b.name)
  return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The lists depth first (a parent before its children, siblings by name), each with its depth (1 = top level). */
export const tree = <L extends Node>(
  lists: ReadonlyArray<L>
): Array<{ readonly list: L; readonly depth: number }> => {
  const children = new Map<string | null, Array<L>>()
  const ids = new Set(lists.map((l) => l.id))
  for (const list of lists) {
    // A parent that is not among the lists (never expected) shows its child at the top rather than hiding it.
    const parent = list.parentId !== null && ids.has(list.parentId) ? list.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), list])
  }
  const out: Array<{ list: L; depth: number }> = []
  const walk = (parent: string | null, depth: number) => {
    for (const list of [...(children.get(parent) ?? [])].sort(byName)) {
      out.push({ list, depth })
      walk(list.id, depth + 1)
    }
  }
  walk(null, 1)
  return out
}

/** The ids of `id` and every list below it. */
export const subtree = (lists: ReadonlyArray<Node>, id: string): Set<string> => {
  const below = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const list of lists) {
      if (list.parentId !== null && below.has(list.parentId) && !below.has(list.id)) {
        below.add(list.id)
        grew = true
      }
    }
  }
  return below
}

/** Depth of `id` (1 = top level) among `lists`. */
export const depthOf = (lists: ReadonlyArray<Node>, id: string): number => {
  const byId = new Map(lists.map((l) => [l.id, l]))
  let depth = 0
  let current = byId.get(id)
  while (current !== undefined && depth <= lists.length) {
    depth++
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  }
  return depth
}

/** Levels from `id` down to its deepest descendant (1 = no children). */
const heightOf = (lists: ReadonlyArray<Node>, id: string): number => {
  const below = subtree(lists, id)
  let height = 1
  for (const other of below) height = Math.max(height, depthOf(lists, other) - depthOf(lists, id) + 1)
  return height
}

/**
 * Whether `id` may move under `parentId` (null: the top level): not under itself or one of its own lists, and the
 * moved branch stays within `maxDepth`.
 */
export const checkMove = (
  lists: ReadonlyArray<Node>,
  id: string,
  parentId: string | null
): Result.Result<void, InvalidInput> => {
  if (parentId === null) return Result.succeed(undefined)
  if (subtree(lists, id).has(parentId)) {
    return Result.fail(
      new InvalidInput({ field: "parentId", reason: "a list cannot be moved under itself or its own sublists" })
    )
  }
  if (depthOf(lists, parentId) + heightOf(lists, id) > maxDepth) {
    return Result.fail(new InvalidInput({ field: "parentId", reason: `lists nest at most ${maxDepth} levels deep` }))
  }
  return Result.succeed(undefined)
}

const view = {
  id: ListId.annotate({ description: "Stable identifier (`lst_…`)" }),
  name: Schema.String.annotate({ description: "The list's name, unique in the account ignoring case" }),
  parentId: Schema.NullOr(ListId).annotate({ description: "The list it is nested in; null at the top level" }),
  count: Schema.Int.annotate({ description: "Bookmarks directly in the list (not in its sublists)" }),
  createdAt: IsoTimestamp.annotate({ description: "When the list was created" })
}

/** A list as the API shows it. */
export const List = Schema.Struct(view).annotate({ identifier: "List", description: "A named list of bookmarks" })
export type List = typeof List.Type

export const present = (summary: Summary): List => ({
  id: summary.id,
  name: summary.name,
  parentId: summary.parentId,
  count: summary.count,
  createdAt: toIso(summary.createdAt)
})

/** `GET /lists`: every list, depth first. */
export const ListOfLists = Schema.Struct({
  lists: Schema.Array(List).annotate({
    description: "The account's lists depth first: each parent before its sublists, siblings by name"
  })
}).annotate({ identifier: "Lists", description: "The account's lists" })
export type ListOfLists = typeof ListOfLists.Type

const nameField = Text.field({ description: "The list's name (trimmed; unique in the account ignoring case)" })
const parentField = Schema.NullOr(Text.field({ description: "A list id" })).annotate({
  description: "The list to nest it in; null or absent for the top level"
})

/** Body of `POST /lists`; unknown members are refused. */
export const CreatePayload = Schema.Struct({
  name: nameField,
  parentId: Schema.optionalKey(parentField)
}).annotate({ identifier: "CreateList", description: "A new list", ...Payload.strict })
export type CreatePayload = typeof CreatePayload.Type

/** Body of `PATCH /lists/:id`: rename, move, or both; unknown members are refused. */
export const UpdatePayload = Schema.Struct({
  name: Schema.optionalKey(nameField),
  parentId: Schema.optionalKey(parentField.annotate({ description: "Move under this list; null for the top level" }))
}).annotate({ identifier: "UpdateList", description: "Rename or move a list", ...Payload.strict })
export type UpdatePayload = typeof UpdatePayload.Type

/** Body of `POST /lists/:id/bookmarks` and `…/remove`. */
export const MembersPayload = Schema.Struct({
  bookmarkIds: Schema.Array(Text.field({ description: "A bookmark id" })).annotate({
    description: `The bookmarks to add or remove, at most ${maxBatch}`
  })
}).annotate({ identifier: "ListMembers", description: "Bookmarks of the account", ...Payload.strict })
export type MembersPayload = typeof MembersPayload.Type

export const MembersChanged = Schema.Struct({
  changed: Schema.Int.annotate({ description: "How many bookmarks joined (or left) the list; others were already" })
}).annotate({ identifier: "ListMembersChanged", description: "The outcome of adding or removing bookmarks" })
export type MembersChanged = typeof MembersChanged.Type

export const Deleted = Schema.Struct({
  ok: Schema.Literal(true).annotate({ description: "Always true: the list is gone; its bookmarks stay" })
}).annotate({ identifier: "ListDeleted", description: "The list was deleted" })
