/** The plan, its limits and this period's usage by key (docs/api.md, "Usage"). */
import { Schema } from "effect"
import { Plan } from "./Plan.js"

export const Usage = Schema.Struct({
  tier: Plan.annotate({ description: "The account's plan" }),
  limits: Schema.Struct({
    perMinute: Schema.Int.annotate({ description: "Requests allowed per UTC minute" }),
    perMonth: Schema.Int.annotate({ description: "Requests allowed per monthly allowance period" })
  }).annotate({ description: "The plan's allowances" }),
  usage: Schema.Struct({
    month: Schema.Int.annotate({ description: "Requests counted in the current monthly period" }),
    total: Schema.Int.annotate({ description: "Requests counted since the account was created" }),
    byKey: Schema.Record(Schema.String, Schema.Int).annotate({
      description: "This period's requests per key, keyed by the masked key (`bk_…` and its last 4 characters)"
    })
  }).annotate({ description: "Requests counted" }),
  storage: Schema.optionalKey(
    Schema.Struct({
      bytes: Schema.Int.annotate({
        description: "Bytes the account keeps in the asset store: screenshots, card pictures, icons and archived " +
          "copies of its bookmarks"
      })
    }).annotate({ description: "Storage used (additive: not in the specification)" })
  )
}).annotate({ identifier: "Usage", description: "The plan, its limits and the account's usage" })
export type Usage = typeof Usage.Type
