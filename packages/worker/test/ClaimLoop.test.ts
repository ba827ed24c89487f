/** ClaimLoop: when it claims again after a failed claim (backoff), an empty claim (poll) and a wake-up hint. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Queue } from "effect"
import { TestClock } from "effect/testing"
import * as ClaimLoop from "../src/ClaimLoop.js"

type Outcome = "fail" | "empty"

/** A loop over one slot whose claims answer the outcomes in turn (then empty), recording when each was made. */
const scripted = (outcomes: ReadonlyArray<Outcome>, awaitEnqueued: Effect.Effect<void> = Effect.never) => {
  const claimedAt: Array<number> = []
  const loop = ClaimLoop.run<string, never>({
    name: "test",
    concurrency: 1,
    pollInterval: "5 seconds",
    claim: (now) =>
      Effect.suspend(() => {
        claimedAt.push(now)
        return outcomes[claimedAt.length - 1] === "fail" ? Effect.fail("storage away") : Effect.succeed([])
      }),
    run: () => Effect.void,
    release: () => Effect.void,
    awaitEnqueued
  })
  return { claimedAt, loop }
}

describe("ClaimLoop", () => {
  it.effect("retries a failed claim after 1 s, 2 s, 4 s … at most 30 s; a claim that succeeds starts over", () =>
    Effect.gen(function*() {
      const fails = (n: number): Array<Outcome> => Array.from({ length: n }, () => "fail")
      const { claimedAt, loop } = scripted([...fails(7), "empty", ...fails(2), "empty"])
      const fiber = yield* Effect.forkChild(loop)
      yield* TestClock.adjust("115 seconds")
      expect(claimedAt).toEqual([
        // Seven failures: the waits double from a second and stop at 30 s.
        0,
        1_000,
        3_000,
        7_000,
        15_000,
        31_000,
        61_000,
        91_000,
        // An empty claim waits the poll interval (5 s); the failures after it back off from a second again.
        96_000,
        97_000,
        99_000,
        // Empty from here on: one claim per poll interval.
        104_000,
        109_000,
        114_000
      ])
      yield* Fiber.interrupt(fiber)
    }))

  it.effect("an enqueued-work hint claims at once instead of waiting out the poll interval", () =>
    Effect.gen(function*() {
      const hints = yield* Queue.unbounded<void>()
      const { claimedAt, loop } = scripted([], Queue.take(hints))
      const fiber = yield* Effect.forkChild(loop)
      yield* TestClock.adjust("2 seconds")
      expect(claimedAt).toEqual([0])
      yield* Queue.offer(hints, undefined)
      yield* TestClock.adjust("1 second")
      expect(claimedAt).toEqual([0, 2_000])
      yield* Fiber.interrupt(fiber)
    }))
})
