/** The service's tunable rules, read once from configuration by the composition root. */
import { Context, Layer } from "effect"
import * as Delivery from "./Delivery.js"
import * as Job from "./Job.js"
import * as Plan from "./Plan.js"
import * as Webhook from "./Webhook.js"

export interface PolicyShape {
  readonly plans: Plan.Table
  readonly allowHttpWebhooks: boolean
  readonly retrySchedule: ReadonlyArray<number>
  readonly deactivation: Webhook.DeactivationRule
  /** Timeout of one delivery attempt. */
  readonly deliveryTimeout: number
  readonly enrichment: Job.Timings
  /** Whether people may create accounts themselves after the first one (`SIGNUP=open`). */
  readonly signup: "open" | "closed"
  /** The plan of accounts people create themselves (`DEFAULT_PLAN`). */
  readonly defaultPlan: Plan.Plan
}

export const defaults: PolicyShape = {
  plans: Plan.defaultTable,
  allowHttpWebhooks: false,
  retrySchedule: Delivery.defaultSchedule,
  deactivation: Webhook.defaultDeactivation,
  deliveryTimeout: Delivery.attemptTimeout,
  enrichment: Job.defaultTimings,
  signup: "closed",
  defaultPlan: "free"
}

export class Policy extends Context.Tag("Policy")<Policy, PolicyShape>() {}

export const layer = (overrides: Partial<PolicyShape> = {}): Layer.Layer<Policy> =>
  Layer.succeed(Policy, { ...defaults, ...overrides })
