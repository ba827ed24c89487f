/** The plan, its limits and this period's usage by key (docs/api.md, "Usage"). */
import { Schema } from "effect"
import { Plan } from "./Plan.js"

export const Usage = Schema.Struct({
  tier: Plan,
  limits: Schema.Struct({ perMinute: Schema.Number, perMonth: Schema.Number }),
  usage: Schema.Struct({
    month: Schema.Number,
    total: Schema.Number,
    byKey: Schema.Record({ key: Schema.String, value: Schema.Number })
  })
}).annotations({ identifier: "Usage" })
export type Usage = typeof Usage.Type
