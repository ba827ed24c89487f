/** Use case: charge one request to the account's allowance; refuse it when a window is used up. */
import { Effect, Metric, Option } from "effect"
import * as Allowance from "../../Allowance.js"
import { RateLimited } from "../../Errors.js"
import * as Metrics from "../../Metrics.js"
import { AllowanceCounter } from "../../ports/AllowanceCounter.js"
import { Settings } from "../../ports/Settings.js"
import type { Principal } from "./Authenticate.js"

const servedAnyway = (e: { readonly reason: string }) =>
  Effect.logDebug("allowance counter unavailable; serving the request").pipe(
    Effect.annotateLogs("reason", e.reason),
    Effect.as(Option.none())
  )

/**
 * The use case over services resolved once by the caller (the HTTP middleware runs it on every request).
 * The binding window's state for the response headers, or none when the counter could not be reached:
 * then the request is served (fail open) and the counter adapter reports the outage.
 */
export const chargeRequestWith = (settings: Settings["Service"], counter: AllowanceCounter["Service"]) =>
  Effect.fnUntraced(function*(principal: Principal) {
    const limits = settings.plans[principal.account.plan]
    const charged = yield* counter.charge({
      accountId: principal.account.id,
      keyId: principal.key.id,
      limits,
      planChangedAt: principal.account.planChangedAt
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("StorageUnavailable", servedAnyway)
    )
    if (Option.isNone(charged)) {
      yield* Metric.update(Metrics.allowanceUncounted, 1)
      return Option.none<Allowance.State>()
    }
    const state = Allowance.state(charged.value, limits, principal.account.planChangedAt)
    if (!state.admitted) {
      yield* Metric.update(
        state.window === "minute" ? Metrics.allowanceRefusedMinute : Metrics.allowanceRefusedMonth,
        1
      )
      return yield* new RateLimited({
        window: state.window,
        limit: state.limit,
        resetAt: state.resetAt,
        retryAfter: state.retryAfter
      })
    }
    yield* Metric.update(Metrics.allowanceAdmitted, 1)
    return Option.some(state)
  })

export const chargeRequest = (principal: Principal) =>
  Effect.flatMap(
    Settings,
    (settings) => Effect.flatMap(AllowanceCounter, (counter) => chargeRequestWith(settings, counter)(principal))
  )

/**
 * The allowance state without charging, for answers that are not charged but carry the headers (MCP protocol
 * housekeeping); none when the counter could not be reached.
 */
export const peekAllowanceWith = (settings: Settings["Service"], counter: AllowanceCounter["Service"]) =>
  Effect.fnUntraced(function*(principal: Principal) {
    const limits = settings.plans[principal.account.plan]
    const { planChangedAt } = principal.account
    return yield* counter.peek({ accountId: principal.account.id, limits, planChangedAt }).pipe(
      Effect.map((seen) => Option.some(Allowance.state(seen, limits, planChangedAt))),
      Effect.catchTag("StorageUnavailable", servedAnyway)
    )
  })
