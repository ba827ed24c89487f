/** A real clock that a test can move forward: the service's notion of now is wall time plus an offset. */
import { Clock, Effect, Layer } from "effect"

export const make = () => {
  const base = Clock.Clock.defaultValue()
  let offset = 0
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe() + offset,
    currentTimeMillis: Effect.sync(() => base.currentTimeMillisUnsafe() + offset),
    currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => base.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: base.monotonicTimeNanos,
    sleep: (duration) => base.sleep(duration)
  }
  return {
    layer: Layer.succeed(Clock.Clock, clock),
    advance: (ms: number) => void (offset += ms),
    /** Moves now to `at` (epoch ms); only forward in practice. */
    setNow: (at: number) => void (offset = at - Date.now()),
    now: () => clock.currentTimeMillisUnsafe()
  }
}

export type OffsetClock = ReturnType<typeof make>
