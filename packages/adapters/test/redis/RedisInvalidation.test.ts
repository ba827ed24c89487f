import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, Schedule } from "effect"
import * as RedisInvalidation from "../../src/redis/RedisInvalidation.js"
import * as TcpProxy from "./TcpProxy.js"

const redis = External.needs("TEST_REDIS_URL")

/** Polls `ready()` until it is `wanted`, for at most 5 s (ioredis reconnects after at most 2 s). */
const until = (channel: { readonly ready: () => boolean }, wanted: boolean) =>
  Effect.suspend(() => channel.ready() === wanted ? Effect.void : Effect.fail("not yet")).pipe(
    Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("5 seconds"))),
    Effect.orDieWith(() => new Error(`ready() stayed ${!wanted}`))
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
      yield* Effect.suspend(() => seenByOther >= 1 ? Effect.void : Effect.fail("not yet")).pipe(
        Effect.retry(Schedule.spaced("5 millis").pipe(Schedule.upTo("2 seconds")))
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
      const failed = yield* Effect.either(channel.publish)
      expect(failed._tag).toBe("Left")
      yield* Effect.promise(proxy.restore)
      yield* until(channel, true)
    }).pipe(Effect.scoped))
})
