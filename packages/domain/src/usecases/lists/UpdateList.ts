/** Use case: rename a list, move it (under another list or to the top level), or both. */
import { Effect } from "effect"
import { NotFound } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import * as List from "../../List.js"
import { Lists } from "../../ports/Lists.js"
import { Transactor } from "../../ports/Transactor.js"
import { taken } from "./CreateList.js"
import { ownedList } from "./OwnedList.js"
import { parentFor } from "./ParentList.js"

export const updateList = Effect.fn("UpdateList")(
  function*(accountId: AccountId, id: string, payload: List.UpdatePayload) {
    const name = payload.name === undefined ? undefined : yield* Effect.fromResult(List.parseName(payload.name))
    const lists = yield* Lists
    const tx = yield* Transactor
    return yield* tx.atomic(Effect.gen(function*() {
      const list = yield* ownedList(accountId, id)
      const all = yield* lists.list(accountId)
      const parentId = payload.parentId === undefined
        ? list.parentId
        : yield* parentFor(all, payload.parentId)
      yield* Effect.fromResult(List.checkMove(all, list.id, parentId))
      const updated: List.Record = { ...list, name: name ?? list.name, parentId }
      const outcome = yield* lists.update(updated)
      if (outcome === "taken") return yield* taken(updated.name)
      if (outcome === "missing") return yield* new NotFound({ resource: "list", id })
      const count = all.find((l) => l.id === list.id)?.count ?? 0
      return List.present({ ...updated, count })
    }))
  }
)
