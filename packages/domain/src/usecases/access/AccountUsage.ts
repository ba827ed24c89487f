/**
 * Use case of the web app: the plan, its limits, this period's use by key, requests per day this month, and the
 * storage the account uses.
 */
import { Clock, Effect } from "effect"
import type { Account } from "../../Account.js"
import * as Allowance from "../../Allowance.js"
import { Accounts } from "../../ports/Accounts.js"
import { AllowanceCounter } from "../../ports/AllowanceCounter.js"
import { AssetUsage } from "../../ports/AssetUsage.js"
import { Settings } from "../../ports/Settings.js"
import { withUse } from "../accounts/ListKeys.js"

const dayMs = 86_400_000

export const accountUsage = Effect.fn("AccountUsage")(function*(account: Account) {
  const settings = yield* Settings
  const counter = yield* AllowanceCounter
  const now = yield* Clock.currentTimeMillis
  const accounts = yield* Accounts
  const [usage, stored, storageBytes] = yield* Effect.all([
    counter.usage({ accountId: account.id, planChangedAt: account.planChangedAt }),
    accounts.listKeys(account.id),
    (yield* AssetUsage).used(account.id)
  ], { concurrency: 3 })
  const keys = withUse(stored, usage)
  const first = Allowance.monthStart(now)
  const days: Array<{ readonly day: number; readonly count: number }> = []
  for (let day = first; day <= Allowance.dayStart(now); day += dayMs) {
    days.push({ day, count: usage.byDay.get(day) ?? 0 })
  }
  const period = Allowance.monthPeriod(now, account.planChangedAt)
  return {
    plan: account.plan,
    limits: settings.plans[account.plan],
    month: usage.month,
    total: usage.total,
    periodStart: period.start,
    resetAt: period.resetAt,
    storageBytes,
    keys: keys.filter((k) => k.key.revokedAt === null || k.month > 0),
    days
  }
})
