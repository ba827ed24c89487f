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
}

export const defaults: PolicyShape = {
  plans: Plan.defaultTable,
  allowHttpWebhooks: false,
  retrySchedule: Delivery.defaultSchedule,
  deactivation: Webhook.defaultDeactivation,
  deliveryTimeout: Delivery.attemptTimeout,
  enrichment: Job.defaultTimings
}

export class Policy extends Context.Tag("Policy")<Policy, PolicyShape>() {}

export const layer = (overrides: Partial<PolicyShape> = {}): Layer.Layer<Policy> =>
  Layer.succeed(Policy, { ...defaults, ...overrides })
