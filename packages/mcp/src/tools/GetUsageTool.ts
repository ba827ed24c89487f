/** `get_usage`: the plan, its limits and this period's usage by key, as `GET /usage` answers. */
import { reportUsage, Usage } from "@bookmark-library/domain"
import { Schema } from "effect"
import { usageTool } from "../Metering.js"
import * as Tool from "../Tool.js"

export const tool = Tool.make({
  name: usageTool,
  scope: "usage",
  title: "Get usage",
  description: "Shows the account's plan, its per-minute and monthly limits, and the requests used this month " +
    "in total and by key (keys masked). Every tool call counts as one request, this one included, except once " +
    "the month's allowance is spent: then it still answers, uncharged.",
  input: Schema.Struct({}),
  output: Usage.Usage,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (principal) => reportUsage(principal)
})
