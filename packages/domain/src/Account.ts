/** Accounts own bookmarks, keys and webhooks, and carry the plan. */
import { Schema } from "effect"
import { AccountId } from "./Ids.js"
import { Plan } from "./Plan.js"

export const Account = Schema.Struct({
  id: AccountId,
  plan: Plan,
  createdAt: Schema.Finite,
  /** When the plan last changed; a change opens a fresh monthly allowance. */
  planChangedAt: Schema.Finite
})
export type Account = typeof Account.Type
