/**
 * In-memory sign-in failure counters, one fixed window per key; writes inside a failed MemoryTransactor block are taken
 * back.
 */
import { SignInAttempts, type Throttle } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const counts = new Map<string, Throttle.Count>()
  const open = (key: string, now: number, window: number) => {
    const found = counts.get(key)
    return found !== undefined && found.since + window > now ? found : undefined
  }
  return SignInAttempts.of({
    failures: (key, now, window) => Effect.sync(() => Option.fromNullishOr(open(key, now, window))),
    recordFailure: (key, now, window) =>
      MemoryJournal.write((record) => {
        const found = open(key, now, window)
        const next = found === undefined ? { count: 1, since: now } : { count: found.count + 1, since: found.since }
        MemoryJournal.set(record, counts, key, next)
        return next
      }),
    clear: (key) => MemoryJournal.write((record) => void MemoryJournal.remove(record, counts, key))
  })
}

export const layer = Layer.sync(SignInAttempts, make)
