/**
 * AllowanceCounter on Redis (scaled mode): one Lua script per charge, server `TIME`, keys hash-tagged per
 * account so a cluster keeps them in one slot. Rules: docs/decisions.md, "Allowance", and the domain's `Allowance`.
 */
import { Allowance, AllowanceCounter, ApiKeyId } from "@bookmark-library/domain"
import { Clock, type Context, Effect, Layer, type Redacted, Schema } from "effect"
import * as AllowanceScripts from "./AllowanceScripts.js"
import * as RedisClient from "./RedisClient.js"
import * as RedisScript from "./RedisScript.js"

export interface Options {
  readonly url: Redacted.Redacted<string>
  /**
   * Whose clock places a request in its windows. "server" (the default, production): Redis `TIME`, one
   * clock for every process. "effect": Effect's Clock, so tests can move windows with TestClock.
   */
  readonly clock?: "server" | "effect"
  /** A span per Redis round trip (docs/operations.md, "Traces"); only when traces are exported. */
  readonly traced?: boolean
}

type Service = Context.Service.Shape<typeof AllowanceCounter>

const chargeScript = RedisScript.make("allowance.charge", AllowanceScripts.charge)
const peekScript = RedisScript.make("allowance.peek", AllowanceScripts.peek)
const usageScript = RedisScript.make("allowance.usage", AllowanceScripts.usage)

const ChargeReply = Schema.Tuple([Schema.Literals([0, 1]), Schema.Int, Schema.Int, Schema.Int])
const PeekReply = Schema.Tuple([Schema.Int, Schema.Int, Schema.Int])
const UsageReply = Schema.Tuple([
  Schema.Int,
  Schema.Int,
  Schema.Array(ApiKeyId),
  Schema.Array(Schema.Int),
  Schema.Array(Schema.Int),
  Schema.Array(Schema.Int),
  Schema.Array(ApiKeyId),
  Schema.Array(Schema.Int)
])

// A reply of the wrong shape is a bug in the script, not an outage.
const decodeChargeReply = Schema.decodeUnknownEffect(ChargeReply)
const decodePeekReply = Schema.decodeUnknownEffect(PeekReply)
const decodeUsageReply = Schema.decodeUnknownEffect(UsageReply)
const decodeCharge = (reply: unknown) => Effect.orDie(decodeChargeReply(reply))
const decodePeek = (reply: unknown) => Effect.orDie(decodePeekReply(reply))
const decodeUsage = (reply: unknown) => Effect.orDie(decodeUsageReply(reply))

/** `bk:{<accountId>}:`: the braces are the cluster hash tag. */
const prefix = (accountId: string) => `bk:{${accountId}}:`

export const make = Effect.fn("RedisAllowanceCounter.make")(function*(options: Options) {
  const redis = yield* RedisClient.make({
    url: options.url,
    name: "bookmarks-allowance",
    ...(options.traced === undefined ? {} : { traced: options.traced })
  })
  // "" tells the script to read the server's TIME.
  const now = options.clock === "effect" ? Effect.map(Clock.currentTimeMillis, String) : Effect.succeed("")

  // Untraced: every API request runs this, and a span costs more than the rest of the Effect side together.
  const charge: Service["charge"] = Effect.fnUntraced(
    function*({ accountId, keyId, limits, planChangedAt }) {
      const keys = prefix(accountId)
      const reply = yield* redis.runScript(chargeScript, [`${keys}total`], [
        keys,
        yield* now,
        String(planChangedAt),
        String(limits.perMinute),
        String(limits.perMonth),
        keyId
      ])
      const [admitted, at, minuteUsed, monthUsed] = yield* decodeCharge(reply)
      return { admitted: admitted === 1, now: at, minuteUsed, monthUsed }
    }
  )

  const peek: Service["peek"] = Effect.fnUntraced(function*({ accountId, limits, planChangedAt }) {
    const keys = prefix(accountId)
    const reply = yield* redis.runScript(peekScript, [`${keys}total`], [keys, yield* now, String(planChangedAt)])
    const [at, minuteUsed, monthUsed] = yield* decodePeek(reply)
    const admitted = Allowance.admits({ minute: minuteUsed, month: monthUsed }, limits)
    return { admitted, now: at, minuteUsed, monthUsed }
  })

  const usage: Service["usage"] = Effect.fn("RedisAllowanceCounter.usage")(function*({ accountId, planChangedAt }) {
    const keys = prefix(accountId)
    const reply = yield* redis.runScript(usageScript, [`${keys}total`], [keys, yield* now, String(planChangedAt)])
    const [month, total, ids, counts, days, dayCounts, usedIds, usedAt] = yield* decodeUsage(reply)
    const byKey = new Map<ApiKeyId, number>()
    ids.forEach((id, i) => byKey.set(id, counts[i] ?? 0))
    const byDay = new Map<number, number>()
    days.forEach((day, i) => byDay.set(day, dayCounts[i] ?? 0))
    const lastUsed = new Map<ApiKeyId, number>()
    usedIds.forEach((id, i) => lastUsed.set(id, usedAt[i] ?? 0))
    return { month, total, byKey, lastUsed, byDay }
  })

  return AllowanceCounter.of({ charge, peek, usage })
})

/** Connects at start without waiting for Redis to be up; quits on release. */
export const layer = (options: Options): Layer.Layer<AllowanceCounter> => Layer.effect(AllowanceCounter, make(options))
