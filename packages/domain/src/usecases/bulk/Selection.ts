/**
 * Which bookmarks a bulk action touches: ids as given, or every bookmark a search finds, resolved on the server
 * (newest first, at most `Bulk.maxSelection`), so "all 10,000 matching" never travels through a page.
 */
import { Effect, Option } from "effect"
import * as Bulk from "../../Bulk.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Bookmarks } from "../../ports/Bookmarks.js"

export type Selection =
  | { readonly _tag: "Ids"; readonly ids: ReadonlyArray<string> }
  | { readonly _tag: "Query"; readonly params: Pagination.ListParams }

/** Rows read per statement while a search is resolved. */
const pageSize = 1_000

/** Exactly one of `ids` (1 to `Bulk.maxIds`) and `q` (a search, possibly with the library's `tag` and `type`). */
export const selectionOf = (input: {
  readonly ids?: ReadonlyArray<string> | undefined
  readonly q?: string | undefined
  readonly tag?: string | undefined
  readonly type?: string | undefined
}): Effect.Effect<Selection, InvalidInput> => {
  const query = input.q !== undefined || input.tag !== undefined || input.type !== undefined
  if (input.ids !== undefined && query) {
    return Effect.fail(new InvalidInput({ field: "ids", reason: "give ids or q, not both" }))
  }
  if (input.ids !== undefined) {
    if (input.ids.length === 0) {
      return Effect.fail(new InvalidInput({ field: "ids", reason: "must name at least one bookmark" }))
    }
    if (input.ids.length > Bulk.maxIds) {
      return Effect.fail(new InvalidInput({ field: "ids", reason: `at most ${Bulk.maxIds} bookmarks at a time` }))
    }
    return Effect.succeed({ _tag: "Ids", ids: [...new Set(input.ids)] })
  }
  if (!query) return Effect.fail(new InvalidInput({ field: "ids", reason: "give ids or q" }))
  return Effect.succeed({
    _tag: "Query",
    params: {
      ...(input.q === undefined ? {} : { q: input.q }),
      ...(input.tag === undefined ? {} : { tag: input.tag }),
      ...(input.type === undefined ? {} : { type: input.type })
    }
  })
}

/** The ids the selection names; a search is read page by page on the `before` cursor (`createdAt` is unique). */
export const resolveSelection = Effect.fn("Bulk.resolveSelection")(
  function*(accountId: AccountId, selection: Selection) {
    if (selection._tag === "Ids") return selection.ids
    const query = yield* Effect.fromResult(Pagination.parseListQuery(selection.params))
    const bookmarks = yield* Bookmarks
    const ids: Array<string> = []
    let before = Option.none<number>()
    while (ids.length < Bulk.maxSelection) {
      const rows = yield* bookmarks.list(accountId, {
        ...query,
        limit: Math.min(pageSize, Bulk.maxSelection - ids.length),
        before
      })
      for (const row of rows) ids.push(row.id)
      const last = rows.at(-1)
      if (last === undefined || rows.length < pageSize) break
      before = Option.some(last.createdAt)
    }
    return ids
  }
)
