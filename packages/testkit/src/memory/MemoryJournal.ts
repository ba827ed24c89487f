/**
 * Transactions of the memory twins: inside `MemoryTransactor.atomic`, every write of a memory port leaves an undo
 * step in the block's frame, and every wake-up waits for the commit, as a SQL transaction and its NOTIFY do.
 * Writes are synchronous (`Effect.sync`), so an interruption never separates a write from its undo step.
 */
import { Context, Effect, Option } from "effect"

/** One atomic block: how to take its writes back (in reverse), and what to run once it commits. */
export interface Frame {
  readonly undo: Array<() => void>
  readonly afterCommit: Array<Effect.Effect<void>>
}

/**
 * The innermost block the fiber runs in; forked fibers inherit it, like a SQL transaction's connection. A reference
 * is found by its key, so two loaded copies of this module (sources and dist) still share it.
 */
export const Current = Context.Reference<Option.Option<Frame>>("@bookmark-library/testkit/MemoryJournal", {
  defaultValue: Option.none
})

export const newFrame = (): Frame => ({ undo: [], afterCommit: [] })

/** Takes a frame's writes back, newest first. */
export const rollback = (frame: Frame): void => {
  for (let i = frame.undo.length - 1; i >= 0; i--) frame.undo[i]?.()
  frame.undo.length = 0
  frame.afterCommit.length = 0
}

/** A committed inner block becomes part of its outer block (a released savepoint). */
export const mergeInto = (outer: Frame, inner: Frame): void => {
  outer.undo.push(...inner.undo)
  outer.afterCommit.push(...inner.afterCommit)
}

/** Records how to take a write back, when the write happens inside a block. */
export type Record = (undo: () => void) => void

/** Runs a synchronous write; `record` keeps its undo step when a block is open. */
export const write = <A>(run: (record: Record) => A): Effect.Effect<A> =>
  Effect.flatMap(Current, (frame) =>
    Effect.sync(() =>
      run(Option.match(frame, {
        onNone: () => () => {},
        onSome: (f) => (undo) => void f.undo.push(undo)
      }))
    ))

/** `map.set(key, value)`, undoable (the maps of the twins never hold `undefined`). */
export const set = <K, V extends {}>(record: Record, map: Map<K, V>, key: K, value: V): void => {
  const previous = map.get(key)
  map.set(key, value)
  record(() => {
    if (previous === undefined) map.delete(key)
    else map.set(key, previous)
  })
}

/** `map.delete(key)`, undoable; true when there was an entry. */
export const remove = <K, V extends {}>(record: Record, map: Map<K, V>, key: K): boolean => {
  const previous = map.get(key)
  if (previous === undefined) return false
  map.delete(key)
  record(() => void map.set(key, previous))
  return true
}

/** Runs `effect` now, or when the open block commits (dropped if it rolls back). */
export const afterCommit = (effect: Effect.Effect<void>): Effect.Effect<void> =>
  Effect.flatMap(
    Current,
    Option.match({
      onNone: () => effect,
      onSome: (frame) => Effect.sync(() => void frame.afterCommit.push(effect))
    })
  )
