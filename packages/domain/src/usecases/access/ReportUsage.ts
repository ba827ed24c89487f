/** Use case: the plan, its limits, the current period's usage by masked key, and the storage the account uses. */
import { Effect } from "effect"
import { Accounts } from "../../ports/Accounts.js"
import { AllowanceCounter } from "../../ports/AllowanceCounter.js"
import { AssetUsage } from "../../ports/AssetUsage.js"
import { Settings } from "../../ports/Settings.js"
import type { Usage } from "../../Usage.js"
import type { Principal } from "./Authenticate.js"

export const reportUsage = Effect.fn("ReportUsage")(function*(principal: Principal) {
  const settings = yield* Settings
  const counter = yield* AllowanceCounter
  const accounts = yield* Accounts
  const { account } = principal
  const usage = yield* counter.usage({ accountId: account.id, planChangedAt: account.planChangedAt })
  const keys = yield* accounts.listKeys(account.id)
  // A maintained count, one row read (docs/preservation.md, "Storage used").
  const bytes = yield* (yield* AssetUsage).used(account.id)
  const byKey: Record<string, number> = {}
  for (const key of keys) {
    const count = usage.byKey.get(key.id) ?? 0
    if (key.revokedAt === null || count > 0) byKey[key.masked] = (byKey[key.masked] ?? 0) + count
  }
  const report: Usage = {
    tier: account.plan,
    limits: settings.plans[account.plan],
    usage: { month: usage.month, total: usage.total, byKey },
    storage: { bytes }
  }
  return report
})
