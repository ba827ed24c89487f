/** A counter of free work slots whose release can be awaited (bounded concurrency for claim loops). */
import { Deferred, Effect, Ref } from "effect"

export const make = (capacity: number) =>
  Effect.gen(function*() {
    const used = yield* Ref.make(0)
    const freed = yield* Ref.make(yield* Deferred.make<void>())
    return {
      free: Effect.map(Ref.get(used), (n) => capacity - n),
      take: Ref.update(used, (n) => n + 1),
      give: Effect.andThen(
        Ref.update(used, (n) => n - 1),
        Effect.flatMap(Deferred.make<void>(), (next) =>
          Effect.flatMap(Ref.getAndSet(freed, next), (previous) => Deferred.succeed(previous, undefined)))
      ),
      awaitFree: Effect.flatMap(Ref.get(freed), Deferred.await),
      inUse: Ref.get(used)
    }
  })
