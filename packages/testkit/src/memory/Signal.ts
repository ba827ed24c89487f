/** A wake-up hint: `wait` completes at the next `notify`. */
import { Deferred, Effect, Ref } from "effect"

export const make = Effect.gen(function*() {
  const current = yield* Ref.make(yield* Deferred.make<void>())
  return {
    wait: Effect.flatMap(Ref.get(current), Deferred.await),
    notify: Effect.flatMap(
      Deferred.make<void>(),
      (next) => Effect.flatMap(Ref.getAndSet(current, next), (previous) => Deferred.succeed(previous, undefined))
    )
  }
})
