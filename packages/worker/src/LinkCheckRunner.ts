/**
 * The link-health lane (docs/preservation.md, "Link health"): every `every`, one run of `checkLinks` (at most `cap`
 * links, paced per host, `Retry-After` honoured). It runs in a fiber of its own, one check at a time, outside the
 * enrichment slots and the job queue: a save or an import never waits for it, whatever it is waiting for. The host
 * pace is kept across runs in this process; a failed run (the database away) is logged and the next one tries again.
 */
import {
  checkLinks,
  type HostPace,
  linkCheckDefaults,
  type LinkCheckOptions,
  type LinkCheckRun,
  Metrics
} from "@bookmark-library/domain"
import { Cause, Duration, Effect, Layer, Metric, Schedule } from "effect"

export interface LinkCheckRunnerOptions extends LinkCheckOptions {
  /** Pause between two runs. */
  readonly every: Duration.Input
  /** Wait after start before the first run (a fleet restarting together does not check at once). */
  readonly firstAfter: Duration.Input
}

export const defaults: LinkCheckRunnerOptions = {
  ...linkCheckDefaults,
  every: Duration.minutes(1),
  firstAfter: Duration.seconds(30)
}

const outcomes = ["ok", "moved", "gone", "unreachable", "undecided", "postponed"] as const

/** `link_checks_total{outcome}`: each check by the state it decided (`undecided`: a failure below the threshold). */
const checks = Object.fromEntries(outcomes.map((outcome) => [
  outcome,
  Metrics.counter("link_checks_total", "Link health checks, by outcome", { outcome })
])) as Record<typeof outcomes[number], Metric.Counter<number>>

const count = (done: LinkCheckRun) =>
  Effect.forEach(
    outcomes,
    (outcome) => {
      const n = outcome === "postponed" ? done.postponed : done.states[outcome]
      return n === 0 ? Effect.void : Metric.update(checks[outcome], n)
    },
    { discard: true }
  )

export const run = (options: Partial<LinkCheckRunnerOptions> = {}) => {
  const settings = { ...defaults, ...options }
  const pace: HostPace = new Map()
  const once = checkLinks(settings, pace).pipe(
    Effect.tap(count),
    Effect.tap((done) =>
      done.checked + done.postponed === 0
        ? Effect.void
        : Effect.logInfo("checked links").pipe(
          Effect.annotateLogs({ checked: done.checked, postponed: done.postponed, ...done.states })
        )
    ),
    Effect.catchCause((cause) =>
      Effect.logWarning("could not check links; trying again later").pipe(
        Effect.annotateLogs("cause", Cause.pretty(cause))
      )
    )
  )
  return Effect.logInfo("link checks started").pipe(
    Effect.annotateLogs({ cap: settings.cap, intervalMs: settings.interval }),
    Effect.andThen(Effect.sleep(settings.firstAfter)),
    Effect.andThen(Effect.repeat(once, Schedule.spaced(settings.every))),
    Effect.asVoid
  )
}

/** The lane as a layer: it starts with the layer and stops with its scope. */
export const layer = (options: Partial<LinkCheckRunnerOptions> = {}) =>
  Layer.effectDiscard(Effect.forkScoped(run(options)))
