/** The plan, its limits and this period's usage by key (docs/api.md, "Usage"). */
import { Schema } from "effect"
import { Plan } from "./Plan.js"

export const Usage = Schema.Struct({
  tier: Plan.annotations({ description: "The account's plan" }),
  limits: Schema.Struct({
    perMinute: Schema.Int.annotations({ description: "Requests allowed per UTC minute" }),
    perMonth: Schema.Int.annotations({ description: "Requests allowed per monthly allowance period" })
  }).annotations({ description: "The plan's allowances" }),
  usage: Schema.Struct({
    month: Schema.Int.annotations({ description: "Requests counted in the current monthly period" }),
    total: Schema.Int.annotations({ description: "Requests counted since the account was created" }),
    byKey: Schema.Record({ key: Schema.String, value: Schema.Int }).annotations({
      description: "This period's requests per key, keyed by the masked key (`bk_…` and its last 4 characters)"
    })
  }).annotations({ description: "Requests counted" })
}).annotations({ identifier: "Usage", description: "The plan, its limits and the account's usage" })
export type Usage = typeof Usage.Type
