/**
 * Atomic blocks over the memory ports, with the Transactor contract's semantics: a failed, dying or interrupted
 * block takes back every write it made through a memory port; a nested block is a savepoint; outermost blocks run
 * one at a time (as on PGlite), and their wake-ups are sent when they commit.
 */
import { Transactor } from "@bookmark-library/domain"
import { Effect, Exit, Layer, Option, Semaphore } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = Effect.map(Semaphore.make(1), (lock) =>
  Transactor.of({
    atomic: (effect) =>
      Effect.flatMap(MemoryJournal.Current, (outer) => {
        const frame = MemoryJournal.newFrame()
        const block = Effect.provideService(effect, MemoryJournal.Current, Option.some(frame)).pipe(
          Effect.onExit((exit) =>
            Exit.isSuccess(exit)
              ? Option.match(outer, {
                onNone: () => Effect.all(frame.afterCommit, { discard: true }),
                onSome: (parent) => Effect.sync(() => MemoryJournal.mergeInto(parent, frame))
              })
              : Effect.sync(() => MemoryJournal.rollback(frame))
          )
        )
        // A nested block already holds the lock through its outermost block; taking it again would wait forever.
        return Option.isSome(outer) ? block : lock.withPermits(1)(block)
      })
  }))

export const layer = Layer.effect(Transactor, make)
