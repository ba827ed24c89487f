/**
 * A fail-fast ioredis connection for counters that fail open: commands never queue while Redis is away
 * and never wait long, ioredis reconnects in the background, and the outage is logged at most every 30 s.
 */
import { Errors } from "@bookmark-library/domain"
import { Clock, Effect, Metric, Redacted } from "effect"
import { Redis } from "ioredis"
import * as RedisScript from "./RedisScript.js"

export interface Options {
  readonly url: Redacted.Redacted<string>
  /** CLIENT SETNAME, to tell connections apart on the server. */
  readonly name: string
  /** Per-command deadline; a request must not wait longer than this for its counter. */
  readonly commandTimeoutMs?: number
  /** A client span per script ("Redis.<script>"), when traces are exported; off, the request path makes none. */
  readonly traced?: boolean
}

export interface RedisClient {
  /** Runs a script; any failure (down, timeout, error reply) becomes `StorageUnavailable`. */
  readonly runScript: (
    script: RedisScript.RedisScript,
    keys: ReadonlyArray<string>,
    args: ReadonlyArray<string>
  ) => Effect.Effect<unknown, Errors.StorageUnavailable>
}

const warnEveryMs = 30_000

/** Counts commands that failed because Redis could not serve them (each such request was served uncounted). */
export const unavailableTotal = Metric.counter("redis_unavailable_total", {
  description: "Redis commands that failed; the requests they belonged to were served without counting (fail open)",
  incremental: true
})

/** Host, port and database only: the URL may carry a password. */
const describeTarget = (url: string): string => {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || "6379"}${
      parsed.pathname === "/" ? "" : parsed.pathname
    }`
  } catch {
    return "redis (unparsable URL)"
  }
}

const describeError = (error: unknown): string => error instanceof Error ? error.message : String(error)

/** A deadline timer that fires this much later than due means this process, not Redis, was stalled. */
const stallMs = 100
const maxExtensions = 2

/**
 * A command's deadline that this process's own stalls cannot trip. After a long synchronous stretch (a big
 * body, a GC pause, a busy machine) the reply often waits unread, or the command has only just been written:
 * Node runs due timers before it reads sockets. So a deadline that comes due during a stall starts over (at
 * most twice), and giving up waits one more I/O turn (`setImmediate` runs after the poll phase). Otherwise a
 * busy process takes a reachable Redis for a lost one and serves a burst uncounted (fail open), past the limit.
 */
const withDeadline = <A>(run: () => Promise<A>, ms: number): Promise<A> =>
  new Promise<A>((resolve, reject) => {
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = (f: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      f()
    }
    const arm = (extensions: number) => {
      const due = Date.now() + ms
      timer = setTimeout(() => {
        if (Date.now() - due > stallMs && extensions < maxExtensions) return arm(extensions + 1)
        setImmediate(() => settle(() => reject(new Error("Command timed out"))))
      }, ms)
    }
    arm(0)
    run().then((value) => settle(() => resolve(value)), (error: unknown) => settle(() => reject(error)))
  })

export const make = Effect.fn("RedisClient.make")(function*(options: Options) {
  const target = describeTarget(Redacted.value(options.url))
  const clock = yield* Clock.Clock
  const fork = Effect.runForkWith(yield* Effect.context<never>())
  const commandTimeoutMs = options.commandTimeoutMs ?? 300

  let down = false
  let lastWarningAt = Number.NEGATIVE_INFINITY
  const outage = (reason: string) =>
    Effect.suspend(() => {
      down = true
      const now = clock.currentTimeMillisUnsafe()
      if (now - lastWarningAt < warnEveryMs) return Effect.void
      lastWarningAt = now
      return Effect.logWarning("Redis is unreachable: requests are served without allowance counting until it returns")
    }).pipe(Effect.annotateLogs({ redis: target, reason }))

  const client = yield* Effect.acquireRelease(
    Effect.sync(() =>
      new Redis(Redacted.value(options.url), {
        connectionName: options.name,
        lazyConnect: false,
        // Charges issued in one tick share one write: under bursts, one syscall per request would miss the deadline.
        enableAutoPipelining: true,
        // Fail at once instead of queueing while disconnected: the caller serves the request uncounted.
        enableOfflineQueue: false,
        connectTimeout: 1_000,
        // No `commandTimeout`: a stall of this process would trip it; `withDeadline` is the deadline.
        maxRetriesPerRequest: 1,
        // A command its caller has given up on must not be replayed (and counted) after a reconnect.
        autoResendUnfulfilledCommands: false,
        retryStrategy: (attempt) => Math.min(attempt * 100, 2_000)
      })
    ),
    (client) =>
      client.status === "ready"
        ? Effect.tryPromise(() => client.quit()).pipe(Effect.catch(() => Effect.sync(() => client.disconnect())))
        : Effect.sync(() => client.disconnect())
  )

  // Without an "error" listener ioredis prints every failed reconnect to the console.
  client.on("error", (error) => fork(outage(describeError(error))))
  client.on("ready", () => {
    if (!down) return
    down = false
    fork(
      Effect.logInfo("Redis is reachable again: allowance counting resumed").pipe(Effect.annotateLogs("redis", target))
    )
  })

  // Give the first connection a moment so the first requests are counted; never block start-up on it.
  yield* Effect.callback<void>((resume) => {
    const cleanup = () => {
      clearTimeout(timer)
      client.off("ready", done)
      client.off("error", done)
    }
    const done = () => {
      cleanup()
      resume(Effect.void)
    }
    const timer = setTimeout(done, 1_000)
    if (client.status === "ready") return done()
    client.once("ready", done)
    client.once("error", done)
    return Effect.sync(cleanup)
  })

  const run: RedisClient["runScript"] = (script, keys, args) =>
    Effect.tryPromise({
      try: () => withDeadline(() => RedisScript.run(client, script, keys, args), commandTimeoutMs),
      catch: describeError
    }).pipe(
      Effect.tapError((reason) => Metric.update(unavailableTotal, 1).pipe(Effect.andThen(outage(reason)))),
      Effect.mapError((reason) => new Errors.StorageUnavailable({ reason: `redis: ${reason}` }))
    )
  const runScript: RedisClient["runScript"] = options.traced === true
    ? (script, keys, args) =>
      run(script, keys, args).pipe(
        Effect.withSpan(`Redis.${script.name}`, { kind: "client", attributes: { "db.system.name": "redis" } })
      )
    : run

  return { runScript } satisfies RedisClient
})
