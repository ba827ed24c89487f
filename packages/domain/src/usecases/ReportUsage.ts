/** Use case: the plan, its limits and the current period's usage, by masked key. */
import { Effect } from "effect"
import { Policy } from "../Policy.js"
import { Accounts } from "../ports/Accounts.js"
import { AllowanceCounter } from "../ports/AllowanceCounter.js"
import type { Usage } from "../Usage.js"
import type { Principal } from "./Authenticate.js"

export const reportUsage = Effect.fn("ReportUsage")(function*(principal: Principal) {
  const policy = yield* Policy
  const counter = yield* AllowanceCounter
  const accounts = yield* Accounts
  const { account } = principal
  const usage = yield* counter.usage({ accountId: account.id, planChangedAt: account.planChangedAt })
  const keys = yield* accounts.listKeys(account.id)
  const byKey: Record<string, number> = {}
  for (const key of keys) {
    const count = usage.byKey.get(key.id) ?? 0
    if (key.revokedAt === null || count > 0) byKey[key.masked] = (byKey[key.masked] ?? 0) + count
  }
  const report: Usage = {
    tier: account.plan,
    limits: policy.plans[account.plan],
    usage: { month: usage.month, total: usage.total, byKey }
  }
  return report
})
