/**
 * A key → account cache in front of the `Accounts` port: authentication is one of the three round trips of every
 * API request, and keys and plans change rarely. Rules (docs/decisions.md, "Key cache"):
 * - only keys found and not revoked are kept; an unknown key always asks the database (a new key works at once);
 * - `revokeKey` and `setPlan` empty the cache of this process and, through the invalidation channel, of every
 *   other process before they return, so a revocation refuses the key's very next request anywhere;
 * - while the channel is down (`ready()` false), nothing is served from or put into the cache, and when it comes
 *   back the cache starts empty: messages missed meanwhile cannot leave an entry behind;
 * - a lookup that raced an invalidation (read the database before it, finished after it) is not kept;
 * - entries live `ttlMs` at most, a backstop for a channel that died without the process noticing.
 */
import { Accounts, type Errors, type KeyOwner } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"

/** The cross-process signal "keys or plans changed: forget what you cached". */
export interface Invalidation {
  /** True while invalidations from other processes are sure to arrive. */
  readonly ready: () => boolean
  /** Tells every process (this one included, through `onInvalidate`), before it succeeds. */
  readonly publish: Effect.Effect<void, Errors.StorageUnavailable>
  /** Registers the callback run on every invalidation, and whenever the channel goes down or comes back. */
  readonly onInvalidate: (callback: () => void) => void
}

/** One process, nothing to tell: the embedded mode (invalidates directly on revoke). */
export const local = (): Invalidation => {
  const callbacks: Array<() => void> = []
  return {
    ready: () => true,
    publish: Effect.sync(() => callbacks.forEach((f) => f())),
    onInvalidate: (callback) => void callbacks.push(callback)
  }
}

export interface Options {
  readonly maxEntries?: number
  readonly ttlMs?: number
  readonly now?: () => number
}

interface Entry {
  readonly owner: Option.Option<KeyOwner>
  readonly until: number
}

/** `Accounts` with `findByKeyHash` cached, over the `Accounts` it decorates. */
export const layer = (invalidation: Invalidation, options: Options = {}): Layer.Layer<Accounts, never, Accounts> =>
  Layer.effect(
    Accounts,
    Effect.map(Accounts, (inner) => {
      const maxEntries = options.maxEntries ?? 10_000
      const ttlMs = options.ttlMs ?? 60_000
      const now = options.now ?? Date.now
      const entries = new Map<string, Entry>()
      let generation = 0
      invalidation.onInvalidate(() => {
        generation++
        entries.clear()
      })
      const invalidateAll = Effect.andThen(
        Effect.sync(() => {
          generation++
          entries.clear()
        }),
        invalidation.publish
      )
      const findByKeyHash = (hash: string) =>
        Effect.suspend(() => {
          if (invalidation.ready()) {
            const hit = entries.get(hash)
            if (hit !== undefined && hit.until > now()) return Effect.succeed(hit.owner)
          }
          const started = generation
          return Effect.map(inner.findByKeyHash(hash), (found) => {
            const keep = Option.isSome(found) && found.value.key.revokedAt === null && generation === started &&
              invalidation.ready() && (entries.size < maxEntries || entries.has(hash))
            if (keep) entries.set(hash, { owner: found, until: now() + ttlMs })
            return found
          })
        })
      return Accounts.of({
        ...inner,
        findByKeyHash,
        setPlan: (id, plan, at) => Effect.tap(inner.setPlan(id, plan, at), () => invalidateAll),
        revokeKey: (id, at) => Effect.tap(inner.revokeKey(id, at), () => invalidateAll)
      })
    })
  )
