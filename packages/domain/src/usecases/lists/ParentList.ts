/** Shared step: the parent a create or a move names, checked to be a list of the same account. */
import { Effect } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { ListId } from "../../Ids.js"
import type * as List from "../../List.js"

/** The parent's id, or null for the top level; an id that is not one of the account's lists is bad input. */
export const parentFor = Effect.fnUntraced(function*(all: ReadonlyArray<List.Record>, parentId: string | null) {
  if (parentId === null || parentId === "") return null
  const parent = all.find((list) => list.id === parentId)
  if (parent === undefined) {
    return yield* new InvalidInput({
      field: "parentId",
      reason: `no list of this account has the id '${parentId.slice(0, 64)}'`
    })
  }
  const id: ListId = parent.id
  return id
})
