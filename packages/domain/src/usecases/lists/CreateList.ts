/** Use case: create a list, at the top level or inside another list of the account. */
import { Clock, Effect } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import * as List from "../../List.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Lists } from "../../ports/Lists.js"
import { Transactor } from "../../ports/Transactor.js"
import { parentFor } from "./ParentList.js"

export const createList = Effect.fn("CreateList")(function*(accountId: AccountId, payload: List.CreatePayload) {
  const name = yield* Effect.fromResult(List.parseName(payload.name))
  const lists = yield* Lists
  const ids = yield* IdGenerator
  const tx = yield* Transactor
  const record: List.Record = {
    id: yield* ids.make("list"),
    accountId,
    name,
    parentId: null,
    createdAt: yield* Clock.currentTimeMillis
  }
  return yield* tx.atomic(Effect.gen(function*() {
    const all = yield* lists.list(accountId)
    const parentId = yield* parentFor(all, payload.parentId ?? null)
    if (parentId !== null && List.depthOf(all, parentId) + 1 > List.maxDepth) {
      return yield* new InvalidInput({ field: "parentId", reason: `lists nest at most ${List.maxDepth} levels deep` })
    }
    const created = { ...record, parentId }
    const outcome = yield* lists.insert(created, List.maxPerAccount)
    if (outcome === "full") {
      return yield* new InvalidInput({
        field: "lists",
        reason: `an account may have at most ${List.maxPerAccount} lists`
      })
    }
    if (outcome === "taken") return yield* taken(name)
    return List.present({ ...created, count: 0 })
  }))
})

/** The refusal of a name another list of the account has. */
export const taken = (name: string) =>
  new InvalidInput({ field: "name", reason: `a list named '${name.slice(0, 40)}' exists already` })
