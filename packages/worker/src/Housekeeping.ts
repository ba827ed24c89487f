/**
 * Prunes the delivery log past its retention, expired sessions and bulk runs finished over a week ago, once an hour
 * (the first time a minute after start, so a fleet restarting together does not prune at once). Several workers may
 * prune together: a delete of what is already gone deletes nothing.
 */
import { pruneHistory } from "@bookmark-library/domain"
import { Cause, Duration, Effect, Layer, Schedule } from "effect"

export interface HousekeepingOptions {
  /** How long the delivery log keeps an attempt. */
  readonly logRetention: number
  readonly interval: Duration.Input
  readonly firstAfter: Duration.Input
}

export const defaults = { interval: Duration.hours(1), firstAfter: Duration.minutes(1) }

/** One sweep; a failure (the database away) is logged and the next sweep tries again. */
const sweep = (logRetention: number) =>
  pruneHistory(logRetention).pipe(
    Effect.tap(({ attempts, bulkRuns, sessions }) =>
      attempts + sessions + bulkRuns === 0
        ? Effect.void
        : Effect.logInfo("pruned old history").pipe(
          Effect.annotateLogs({ deliveryAttempts: attempts, sessions, bulkRuns })
        )
    ),
    Effect.catchCause((cause) =>
      Effect.logWarning("could not prune old history; trying again later").pipe(
        Effect.annotateLogs("cause", Cause.pretty(cause))
      )
    )
  )

export const run = (options: Pick<HousekeepingOptions, "logRetention"> & Partial<HousekeepingOptions>) => {
  const { firstAfter, interval, logRetention } = { ...defaults, ...options }
  return Effect.sleep(firstAfter).pipe(
    Effect.andThen(Effect.repeat(sweep(logRetention), Schedule.spaced(interval))),
    Effect.asVoid
  )
}

export const layer = (options: Pick<HousekeepingOptions, "logRetention"> & Partial<HousekeepingOptions>) =>
  Layer.effectDiscard(Effect.forkScoped(run(options)))
