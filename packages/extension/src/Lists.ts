/** The lists the popup offers: the server's depth-first order, each with its depth for the indent. */
import type { ListRow } from "./Responses.js"

export interface Choice {
  readonly id: string
  readonly name: string
  /** 0 for a top-level list, 1 for its sublists, … */
  readonly depth: number
}

/**
 * Depth of each list from its parent chain, in the order given (the server answers depth first). A parent that is
 * not in the answer counts as the top level; a chain longer than the lists (which the server never makes) stops.
 */
export const choices = (lists: ReadonlyArray<ListRow>): ReadonlyArray<Choice> => {
  const parents = new Map(lists.map((list) => [list.id, list.parentId]))
  return lists.map((list) => {
    let depth = 0
    for (let parent = list.parentId; parent !== null && parents.has(parent) && depth < lists.length; depth++) {
      parent = parents.get(parent) ?? null
    }
    return { id: list.id, name: list.name, depth }
  })
}
