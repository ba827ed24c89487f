/** Use case of the web app: the plan, its limits, this period's use by key, and requests per day this month. */
import { Clock, Effect } from "effect"
import type { Account } from "../Account.js"
import * as Allowance from "../Allowance.js"
import { Policy } from "../Policy.js"
import { AllowanceCounter } from "../ports/AllowanceCounter.js"
import { Accounts } from "../ports/Accounts.js"
import { withUse } from "./AccountKeys.js"

const dayMs = 86_400_000

export const accountUsage = Effect.fn("AccountUsage")(function*(account: Account) {
  const policy = yield* Policy
  const counter = yield* AllowanceCounter
  const now = yield* Clock.currentTimeMillis
  const accounts = yield* Accounts
  const [usage, stored] = yield* Effect.all([
    counter.usage({ accountId: account.id, planChangedAt: account.planChangedAt }),
    accounts.listKeys(account.id)
  ], { concurrency: 2 })
  const keys = withUse(stored, usage)
  const first = Allowance.monthStart(now)
  const days: Array<{ readonly day: number; readonly count: number }> = []
  for (let day = first; day <= Allowance.dayStart(now); day += dayMs) days.push({ day, count: usage.byDay.get(day) ?? 0 })
  const period = Allowance.monthPeriod(now, account.planChangedAt)
  return {
    plan: account.plan,
    limits: policy.plans[account.plan],
    month: usage.month,
    total: usage.total,
    periodStart: period.start,
    resetAt: period.resetAt,
    keys: keys.filter((k) => k.key.revokedAt === null || k.month > 0),
    days
  }
})
