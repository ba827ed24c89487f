/** Use case of the operator: a new account on a plan. */
import { Clock, Effect } from "effect"
import type { Account } from "../../Account.js"
import type { Plan } from "../../Plan.js"
import { Accounts } from "../../ports/Accounts.js"
import { IdGenerator } from "../../ports/IdGenerator.js"

export const createAccount = Effect.fn("CreateAccount")(function*(plan: Plan) {
  const ids = yield* IdGenerator
  const accounts = yield* Accounts
  const now = yield* Clock.currentTimeMillis
  const account: Account = { id: yield* ids.make("account"), plan, createdAt: now, planChangedAt: now }
  yield* accounts.create(account)
  return account
})
