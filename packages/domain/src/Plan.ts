/** Plans and their allowances (docs/api.md, "Limits"; docs/decisions.md, "Plans"). */
import { Schema } from "effect"

export const Plan = Schema.Literals(["free", "plus", "ultra"])
export type Plan = typeof Plan.Type

export const Limits = Schema.Struct({
  perMinute: Schema.Int.check(Schema.isGreaterThan(0)),
  perMonth: Schema.Int.check(Schema.isGreaterThan(0))
})
export type Limits = typeof Limits.Type

export type Table = { readonly [P in Plan]: Limits }

/** The default table: free 60/min and 1,000/month, plus 300 and 20,000, ultra 1,000 and 100,000. */
export const defaultTable: Table = {
  free: { perMinute: 60, perMonth: 1_000 },
  plus: { perMinute: 300, perMonth: 20_000 },
  ultra: { perMinute: 1_000, perMonth: 100_000 }
}

/** `PLAN_LIMITS` JSON: any subset of plans, each fully specified. */
export const TableOverride = Schema.Struct({
  free: Schema.optionalKey(Limits),
  plus: Schema.optionalKey(Limits),
  ultra: Schema.optionalKey(Limits)
})
export type TableOverride = typeof TableOverride.Type

export const withOverride = (table: Table, override: TableOverride): Table => ({ ...table, ...override })
