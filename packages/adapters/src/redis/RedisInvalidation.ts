/**
 * The key cache's invalidation channel on Redis pub/sub (KeyOwnerCache.ts): one subscriber connection per process,
 * `PUBLISH` from the process that changed a key or a plan. Redis delivers a message to every subscriber before it
 * answers the `PUBLISH`, so when the revoking request returns, the other processes have it on their socket.
 * The channel is ready only while the subscription is confirmed; any disconnection makes it not ready (no
 * caching) and empties the caches, and a reconnection subscribes again before it is ready.
 */
import { Errors } from "@bookmark-library/domain"
import { Effect, Redacted, type Scope } from "effect"
import { Redis } from "ioredis"
import type { Invalidation } from "../cache/KeyOwnerCache.js"

export const channel = "bk:key-cache:invalidate"

export interface Options {
  readonly url: Redacted.Redacted<string>
  /** Deadline of a `PUBLISH`; a revocation fails (and can be retried) rather than wait longer. */
  readonly publishTimeoutMs?: number
}

const connect = (url: string, name: string) =>
  new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    keepAlive: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000)
  })

/** The channel for the life of the scope. */
export const make = (options: Options): Effect.Effect<Invalidation, never, Scope.Scope> =>
  Effect.gen(function*() {
    const url = Redacted.value(options.url)
    const callbacks: Array<() => void> = []
    const invalidate = () => callbacks.forEach((f) => f())
    let ready = false
    const down = () => {
      if (ready) ready = false
      invalidate()
    }
    const subscriber = yield* Effect.acquireRelease(
      Effect.sync(() => connect(url, "bookmarks-key-cache-sub")),
      (client) => Effect.sync(() => client.disconnect())
    )
    const publisher = yield* Effect.acquireRelease(
      Effect.sync(() => connect(url, "bookmarks-key-cache-pub")),
      (client) => Effect.sync(() => client.disconnect())
    )
    publisher.on("error", () => undefined)
    subscriber.on("error", down)
    subscriber.on("close", down)
    subscriber.on("end", down)
    subscriber.on("message", (name: string) => {
      if (name === channel) invalidate()
    })
    const subscribe = () => {
      subscriber.subscribe(channel).then(
        () => {
          // Whatever changed while unsubscribed is unknown: start from an empty cache.
          invalidate()
          ready = subscriber.status === "ready"
        },
        () => down()
      )
    }
    // ioredis resubscribes by itself on reconnection; `ready` waits for our own confirmation all the same.
    subscriber.on("ready", subscribe)
    if (subscriber.status === "ready") subscribe()
    const publishTimeoutMs = options.publishTimeoutMs ?? 1_000
    return {
      ready: () => ready,
      onInvalidate: (callback) => void callbacks.push(callback),
      publish: Effect.tryPromise({
        try: (signal) =>
          new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("PUBLISH timed out")), publishTimeoutMs)
            signal.addEventListener("abort", () => clearTimeout(timer))
            publisher.publish(channel, "all").then((n) => {
              clearTimeout(timer)
              resolve(n)
            }, (error: unknown) => {
              clearTimeout(timer)
              reject(error)
            })
          }),
        catch: (error) =>
          new Errors.StorageUnavailable({
            reason: `redis: the key cache could not be invalidated: ${
              error instanceof Error ? error.message : String(error)
            }`
          })
      }).pipe(Effect.andThen(Effect.sync(invalidate)))
    } satisfies Invalidation
  })
