/** Use case of the operator: change an account's plan. */
import { Clock, Effect, Option } from "effect"
import { NotFound } from "../../Errors.js"
import { AccountId, isWellFormed } from "../../Ids.js"
import type { Plan } from "../../Plan.js"
import { Accounts } from "../../ports/Accounts.js"

/** A plan change opens a fresh monthly allowance. */
export const setPlan = Effect.fn("SetPlan")(function*(id: string, plan: Plan) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "account", id })
  const accounts = yield* Accounts
  const updated = yield* accounts.setPlan(AccountId.make(id), plan, yield* Clock.currentTimeMillis)
  if (Option.isNone(updated)) return yield* new NotFound({ resource: "account", id })
  return updated.value
})
