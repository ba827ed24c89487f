/** Use case of the web app on the account's API keys: the list with their use. */
import { Effect } from "effect"
import type { Account } from "../../Account.js"
import type * as ApiKey from "../../ApiKey.js"
import { Accounts } from "../../ports/Accounts.js"
import { AllowanceCounter, type PeriodUsage } from "../../ports/AllowanceCounter.js"

export interface KeyWithUse {
  readonly key: ApiKey.Info
  /** When the key last made a counted request, or null. */
  readonly lastUsedAt: number | null
  /** Requests of the current monthly allowance period. */
  readonly month: number
}

/** The keys with what the counter says of them, newest first. */
export const withUse = (keys: ReadonlyArray<ApiKey.Info>, usage: PeriodUsage): ReadonlyArray<KeyWithUse> =>
  keys.map((key): KeyWithUse => ({
    key,
    lastUsedAt: usage.lastUsed.get(key.id) ?? null,
    month: usage.byKey.get(key.id) ?? 0
  })).reverse()

/** Every key of the account, newest first, with its last use and this period's count. */
export const listKeysWithUse = Effect.fn("ListKeysWithUse")(function*(account: Account) {
  const accounts = yield* Accounts
  const counter = yield* AllowanceCounter
  const [keys, usage] = yield* Effect.all([
    accounts.listKeys(account.id),
    counter.usage({ accountId: account.id, planChangedAt: account.planChangedAt })
  ], { concurrency: 2 })
  return withUse(keys, usage)
})
