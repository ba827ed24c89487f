/** Atomic blocks run one at a time; the memory stores have no partial writes to roll back. */
import { Transactor } from "@bookmarks/domain"
import { Effect, Layer } from "effect"

export const layer = Layer.effect(
  Transactor,
  Effect.gen(function*() {
    const lock = yield* Effect.makeSemaphore(1)
    return Transactor.of({ atomic: (effect) => lock.withPermits(1)(effect) })
  })
)
