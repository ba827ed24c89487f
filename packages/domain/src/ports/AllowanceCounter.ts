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
  /** When each key last made a counted request (any time, not only this period). */
  readonly lastUsed: ReadonlyMap<ApiKeyId, number>
  /**
   * Counted requests per UTC day of the current calendar month: day start (epoch ms) → count; days without any are
   * absent.
   */
  readonly byDay: ReadonlyMap<number, number>
}

export class AllowanceCounter extends Context.Service<AllowanceCounter, {
  /**
   * One atomic step: reads the clock (its own: a shared counter uses the server's), finds the minute
   * window and monthly period (`Allowance.minuteWindow`, `Allowance.monthPeriod`), and when
   * `Allowance.admits` says so counts the request in both, for the key, for the UTC day and in the total, and
   * notes the key's last use. Still one step (one statement, one script): it runs on every API request.
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
  /** Requests of the current monthly period, in total and by key, of all time, per day, and each key's last use. */
  readonly usage: (input: {
    readonly accountId: AccountId
    readonly planChangedAt: number
  }) => Effect.Effect<PeriodUsage, StorageUnavailable>
}>()("AllowanceCounter") {}
