/** A real clock that a test can move forward: the service's notion of now is wall time plus an offset. */
import { Clock, Effect, Layer } from "effect"

export const make = () => {
  const base = Clock.make()
  let offset = 0
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => base.unsafeCurrentTimeMillis() + offset,
    currentTimeMillis: Effect.sync(() => base.unsafeCurrentTimeMillis() + offset),
    unsafeCurrentTimeNanos: () => base.unsafeCurrentTimeNanos() + BigInt(offset) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => base.unsafeCurrentTimeNanos() + BigInt(offset) * 1_000_000n),
    sleep: (duration) => base.sleep(duration)
  }
  return {
    layer: Layer.setClock(clock),
    advance: (ms: number) => void (offset += ms),
    /** Moves now to `at` (epoch ms); only forward in practice. */
    setNow: (at: number) => void (offset = at - Date.now()),
    now: () => clock.unsafeCurrentTimeMillis()
  }
}

export type OffsetClock = ReturnType<typeof make>
