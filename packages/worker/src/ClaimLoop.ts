/**
 * The shared shape of both runners: claim up to the free slots, run each claimed item in its own fiber,
 * release an item's lease if its fiber is interrupted (shutdown), wait for work or a free slot, repeat.
 * Storage outages back off and retry; the loop never dies of one.
 */
import { Cause, Clock, type Duration, Effect, FiberSet, Schedule } from "effect"
import * as Slots from "./Slots.js"
import { waitForWork } from "./Wakeup.js"

export interface ClaimLoopOptions<A, R> {
  readonly name: string
  readonly concurrency: number
  readonly pollInterval: Duration.Input
  readonly claim: (now: number, max: number) => Effect.Effect<ReadonlyArray<A>, unknown, R>
  readonly run: (item: A) => Effect.Effect<unknown, unknown, R>
  readonly release: (item: A) => Effect.Effect<unknown, unknown, R>
  readonly awaitEnqueued: Effect.Effect<void>
}

/**
 * The waits between claims while storage is away: a second, doubling, at most 30 s. Each run of claims that ends
 * in a success starts it over.
 */
const backoff = Schedule.min([Schedule.exponential("1 second"), Schedule.spaced("30 seconds")])

export const run = <A, R>(options: ClaimLoopOptions<A, R>) =>
  Effect.gen(function*() {
    const slots = yield* Slots.make(options.concurrency)
    const fibers = yield* FiberSet.make()
    const runOne = (item: A) =>
      options.run(item).pipe(
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logError(`${options.name}: item failed`).pipe(Effect.annotateLogs("cause", Cause.pretty(cause)))
        ),
        Effect.onInterrupt(() =>
          options.release(item).pipe(
            Effect.catchCause(() => Effect.logWarning(`${options.name}: could not release a lease; it will expire`))
          )
        ),
        Effect.ensuring(slots.give)
      )
    // Untraced: a poll every second or two would make a trace of its own, burying the work's traces.
    const claimFree = Effect.gen(function*() {
      const free = yield* slots.free
      const now = yield* Clock.currentTimeMillis
      const claimed = yield* options.claim(now, free).pipe(Effect.withTracerEnabled(false))
      return { free, claimed }
    }).pipe(
      Effect.tapError((error) =>
        Effect.logWarning(`${options.name}: cannot claim work; retrying`).pipe(
          Effect.annotateLogs("error", String(error))
        )
      ),
      Effect.retry(backoff)
    )
    for (;;) {
      if ((yield* slots.free) <= 0) {
        yield* waitForWork([slots.awaitFree], options.pollInterval)
        continue
      }
      // Only this loop takes slots: the ones free here are still free when claimFree counts them again.
      const { claimed, free } = yield* claimFree
      for (const item of claimed) {
        yield* slots.take
        yield* FiberSet.run(fibers, runOne(item))
      }
      if (claimed.length < free) {
        yield* waitForWork([options.awaitEnqueued, slots.awaitFree], options.pollInterval)
      }
    }
  }).pipe(Effect.scoped)
