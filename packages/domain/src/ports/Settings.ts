/** The operator's tunable settings: plans, webhook rules, retries, enrichment timings, sign-up. Read once at start. */
import { Context, Layer } from "effect"
import * as Archive from "../Archive.js"
import * as Delivery from "../Delivery.js"
import * as Job from "../Job.js"
import * as Plan from "../Plan.js"
import * as Webhook from "../Webhook.js"

export interface SettingsShape {
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
  /** Archived copies (`ARCHIVE`, `ARCHIVE_MAX_BYTES`; docs/preservation.md). */
  readonly archive: { readonly enabled: boolean; readonly maxBytes: number }
  /** At most this many generated tags per page that the library does not have yet (`NEW_TAGS_PER_PAGE`). */
  readonly newTagsPerPage: number
}

export const defaults: SettingsShape = {
  plans: Plan.defaultTable,
  allowHttpWebhooks: false,
  retrySchedule: Delivery.defaultSchedule,
  deactivation: Webhook.defaultDeactivation,
  deliveryTimeout: Delivery.attemptTimeout,
  enrichment: Job.defaultTimings,
  signup: "closed",
  defaultPlan: "free",
  archive: { enabled: true, maxBytes: Archive.defaultMaxBytes },
  newTagsPerPage: 2
}

export class Settings extends Context.Service<Settings, SettingsShape>()("Settings") {}

export const layer = (overrides: Partial<SettingsShape> = {}): Layer.Layer<Settings> =>
  Layer.succeed(Settings, { ...defaults, ...overrides })
