import { External, Waiting } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as RedisInvalidation from "../../src/redis/RedisInvalidation.js"
import * as TcpProxy from "./TcpProxy.js"

const redis = External.needs("TEST_REDIS_URL")

/** Polls `ready()` until it is `wanted`, for at most 5 s (ioredis reconnects after at most 2 s). */
const until = (channel: { readonly ready: () => boolean }, wanted: boolean) =>
  Effect.promise(() =>
    Waiting.pollUntil(`ready() to be ${wanted}`, () => channel.ready() === wanted, { timeoutMs: 5_000 })
  )

describe.runIf(redis.run)("RedisInvalidation", () => {
  it.live("a publish by one process reaches the others before it succeeds", () =>
    Effect.gen(function*() {
      const url = Redacted.make(redis.value)
      const one = yield* RedisInvalidation.make({ url })
      const other = yield* RedisInvalidation.make({ url })
      yield* until(one, true)
      yield* until(other, true)
      let seenByOther = 0
      let seenByOne = 0
      other.onInvalidate(() => void seenByOther++)
      one.onInvalidate(() => void seenByOne++)
      yield* one.publish
      // The publisher's own cache is emptied by the time `publish` succeeds.
      expect(seenByOne).toBeGreaterThanOrEqual(1)
      yield* Effect.promise(() =>
        Waiting.pollUntil("the other process to see it", () => seenByOther >= 1, { timeoutMs: 2_000, intervalMs: 5 })
      )
      expect(seenByOther).toBeGreaterThanOrEqual(1)
    }).pipe(Effect.scoped))

  it.live("is not ready while Redis is away, empties the cache then, and is ready again when it returns", () =>
    Effect.gen(function*() {
      const { proxy, url: proxied } = yield* TcpProxy.proxiedRedis(redis.value)
      const channel = yield* RedisInvalidation.make({ url: Redacted.make(proxied) })
      yield* until(channel, true)
      let emptied = 0
      channel.onInvalidate(() => void emptied++)
      yield* Effect.promise(proxy.cut)
      yield* until(channel, false)
      expect(emptied).toBeGreaterThanOrEqual(1)
      const failed = yield* Effect.result(channel.publish)
      expect(failed._tag).toBe("Failure")
      yield* Effect.promise(proxy.restore)
      yield* until(channel, true)
    }).pipe(Effect.scoped))
})
