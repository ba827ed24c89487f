import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Redis } from "ioredis"
import * as RedisScript from "../../src/redis/RedisScript.js"

const redis = External.needs("TEST_REDIS_URL")

describe.runIf(redis.run)("RedisScript", () => {
  it.effect("a script the server has never seen (NOSCRIPT) is loaded by EVAL, then runs by its SHA1", () =>
    Effect.gen(function*() {
      const client = yield* Effect.acquireRelease(
        Effect.sync(() => new Redis(redis.value)),
        (client) => Effect.promise(() => client.quit())
      )
      // A source no server has cached: the unique comment changes the SHA1.
      const script = RedisScript.make("test", `-- ${Date.now()} ${Math.random()}\nreturn { KEYS[1], ARGV[1] }`)
      const exists = Effect.promise(() => client.script("EXISTS", script.sha))
      expect(yield* exists).toEqual([0])
      expect(yield* Effect.promise(() => RedisScript.run(client, script, ["k"], ["a"]))).toEqual(["k", "a"])
      expect(yield* exists).toEqual([1])
      expect(yield* Effect.promise(() => RedisScript.run(client, script, ["k2"], ["b"]))).toEqual(["k2", "b"])
    }).pipe(Effect.scoped))
})
