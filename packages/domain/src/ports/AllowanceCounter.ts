/** Port: atomic request counters for the minute window, the monthly period, keys and all time. */
import { Context, type Effect } from "effect"
import type { ChargeResult } from "../Allowance.js"
import type { StorageUnavailable } from "../Errors.js"
import type { AccountId, ApiKeyId } from "../Ids.js"
import type { Limits } from "../Plan.js"

export interface PeriodUsage {
  readonly month: number
  readonly total: number
  readonly byKey: ReadonlyMap<ApiKeyId, number>
}

export class AllowanceCounter extends Context.Tag("AllowanceCounter")<AllowanceCounter, {
  /**
   * One atomic step: reads the clock (its own: a shared counter uses the server's), finds the minute
   * window and monthly period (`Allowance.minuteWindow`, `Allowance.monthPeriod`), and when
   * `Allowance.admits` says so counts the request in both, for the key and in the total.
   */
  readonly charge: (input: {
    readonly accountId: AccountId
    readonly keyId: ApiKeyId
    readonly limits: Limits
    readonly planChangedAt: number
  }) => Effect.Effect<ChargeResult, StorageUnavailable>
  /**
   * What a charge would see now, counting nothing: `admitted` says whether one more request fits, the counts
   * are those of the current windows. For answers that are not charged but still carry the allowance headers.
   */
  readonly peek: (input: {
    readonly accountId: AccountId
    readonly limits: Limits
    readonly planChangedAt: number
  }) => Effect.Effect<ChargeResult, StorageUnavailable>
  /** Requests of the current monthly period, in total and by key, and of all time. */
  readonly usage: (input: {
    readonly accountId: AccountId
    readonly planChangedAt: number
  }) => Effect.Effect<PeriodUsage, StorageUnavailable>
}>() {}
