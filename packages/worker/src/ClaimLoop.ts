/**
 * The shared shape of both runners: claim up to the free slots, run each claimed item in its own fiber,
 * release an item's lease if its fiber is interrupted (shutdown), wait for work or a free slot, repeat.
 * Storage outages back off and retry; the loop never dies of one.
 */
import { Cause, Clock, Duration, Effect, FiberSet } from "effect"
import * as Slots from "./Slots.js"
import { waitForWork } from "./Wakeup.js"

export interface ClaimLoopOptions<A, R> {
  readonly name: string
  readonly concurrency: number
  readonly pollInterval: Duration.DurationInput
  readonly claim: (now: number, max: number) => Effect.Effect<ReadonlyArray<A>, unknown, R>
  readonly run: (item: A) => Effect.Effect<unknown, unknown, R>
  readonly release: (item: A) => Effect.Effect<unknown, unknown, R>
  readonly awaitEnqueued: Effect.Effect<void>
}

export const run = <A, R>(options: ClaimLoopOptions<A, R>) =>
  Effect.gen(function*() {
    const slots = yield* Slots.make(options.concurrency)
    const fibers = yield* FiberSet.make()
    const runOne = (item: A) =>
      options.run(item).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logError(`${options.name}: item failed`).pipe(Effect.annotateLogs("cause", Cause.pretty(cause)))),
        Effect.onInterrupt(() =>
          options.release(item).pipe(
            Effect.catchAllCause(() => Effect.logWarning(`${options.name}: could not release a lease; it will expire`))
          )),
        Effect.ensuring(slots.give)
      )
    let failures = 0
    for (;;) {
      const free = yield* slots.free
      if (free <= 0) {
        yield* waitForWork([slots.awaitFree], options.pollInterval)
        continue
      }
      const now = yield* Clock.currentTimeMillis
      // Untraced: a poll every second or two would make a trace of its own, burying the work's traces.
      const claimed = yield* Effect.either(options.claim(now, free).pipe(Effect.withTracerEnabled(false)))
      if (claimed._tag === "Left") {
        failures++
        yield* Effect.logWarning(`${options.name}: cannot claim work; retrying`).pipe(
          Effect.annotateLogs("error", String(claimed.left))
        )
        yield* Effect.sleep(Duration.millis(Math.min(30_000, 500 * 2 ** Math.min(failures, 6))))
        continue
      }
      failures = 0
      for (const item of claimed.right) {
        yield* slots.take
        yield* FiberSet.run(fibers, runOne(item))
      }
      if (claimed.right.length < free) {
        yield* waitForWork([options.awaitEnqueued, slots.awaitFree], options.pollInterval)
      }
    }
  }).pipe(Effect.scoped)
