import { AccountId, Accounts, ApiKeyId, type KeyOwner } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Option } from "effect"
import * as KeyOwnerCache from "../../src/cache/KeyOwnerCache.js"

/** An `Accounts` over one key that counts its lookups; `gate` (when set) holds a lookup until opened. */
const fakeAccounts = () => {
  const state = {
    lookups: 0,
    owner: {
      account: { id: AccountId.make("acc_1"), plan: "free", createdAt: 0, planChangedAt: 0 },
      key: {
        id: ApiKeyId.make("key_1"),
        accountId: AccountId.make("acc_1"),
        label: "",
        masked: "bk_…abcd",
        createdAt: 0,
        revokedAt: null
      }
    } as KeyOwner,
    gate: undefined as Deferred.Deferred<void> | undefined
  }
  const unused = Effect.die(new Error("not used by these tests"))
  const layer = Layer.succeed(
    Accounts,
    Accounts.of({
      create: () => unused,
      get: () => unused,
      list: () => unused,
      addKey: () => unused,
      listKeys: () => unused,
      setPlan: (_id, plan, at) =>
        Effect.sync(() => {
          state.owner = { ...state.owner, account: { ...state.owner.account, plan, planChangedAt: at } }
          return Option.some(state.owner.account)
        }),
      revokeKey: (_id, at) =>
        Effect.sync(() => {
          state.owner = { ...state.owner, key: { ...state.owner.key, revokedAt: at } }
          return Option.some(state.owner.key)
        }),
      findByKeyHash: (hash) =>
        Effect.gen(function*() {
          state.lookups++
          const seen = state.owner
          if (state.gate !== undefined) yield* Deferred.await(state.gate)
          return hash === "known" ? Option.some(seen) : Option.none()
        })
    })
  )
  return { state, layer }
}

const withCache = (invalidation: KeyOwnerCache.Invalidation, options: KeyOwnerCache.Options = {}) => {
  const fake = fakeAccounts()
  return { ...fake, layer: KeyOwnerCache.layer(invalidation, options).pipe(Layer.provide(fake.layer)) }
}

/** A channel whose readiness the test sets; `publish` reaches this process only. */
const switchable = () => {
  const callbacks: Array<() => void> = []
  let ready = true
  return {
    set: (value: boolean) => {
      ready = value
      callbacks.forEach((f) => f())
    },
    fromElsewhere: () => callbacks.forEach((f) => f()),
    channel: {
      ready: () => ready,
      publish: Effect.sync(() => callbacks.forEach((f) => f())),
      onInvalidate: (f: () => void) => void callbacks.push(f)
    } satisfies KeyOwnerCache.Invalidation
  }
}

describe("KeyOwnerCache", () => {
  it.effect("answers a known key from memory after the first lookup, and never caches an unknown key", () => {
    const { state, layer } = withCache(KeyOwnerCache.local())
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      for (let i = 0; i < 3; i++) expect(Option.isSome(yield* accounts.findByKeyHash("known"))).toBe(true)
      expect(state.lookups).toBe(1)
      for (let i = 0; i < 3; i++) expect(Option.isNone(yield* accounts.findByKeyHash("unknown"))).toBe(true)
      expect(state.lookups).toBe(4)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a revocation or a plan change through this process is seen by the very next lookup", () => {
    const { state, layer } = withCache(KeyOwnerCache.local())
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      yield* accounts.findByKeyHash("known")
      yield* accounts.setPlan(AccountId.make("acc_1"), "plus", 5)
      const afterPlan = yield* accounts.findByKeyHash("known")
      expect(Option.getOrThrow(afterPlan).account.plan).toBe("plus")
      yield* accounts.revokeKey(ApiKeyId.make("key_1"), 7)
      const afterRevoke = yield* accounts.findByKeyHash("known")
      expect(Option.getOrThrow(afterRevoke).key.revokedAt).toBe(7)
      // A revoked key is not kept: every later lookup asks the database again.
      const before = state.lookups
      yield* accounts.findByKeyHash("known")
      expect(state.lookups).toBe(before + 1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an invalidation from another process empties the cache", () => {
    const channel = switchable()
    const { state, layer } = withCache(channel.channel)
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      yield* accounts.findByKeyHash("known")
      state.owner = { ...state.owner, key: { ...state.owner.key, revokedAt: 9 } }
      channel.fromElsewhere()
      expect(Option.getOrThrow(yield* accounts.findByKeyHash("known")).key.revokedAt).toBe(9)
    }).pipe(Effect.provide(layer))
  })

  it.effect("while the channel is down nothing is served from or kept in the cache", () => {
    const channel = switchable()
    const { state, layer } = withCache(channel.channel)
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      yield* accounts.findByKeyHash("known")
      channel.set(false)
      for (let i = 0; i < 3; i++) yield* accounts.findByKeyHash("known")
      expect(state.lookups).toBe(4)
      channel.set(true)
      yield* accounts.findByKeyHash("known")
      yield* accounts.findByKeyHash("known")
      expect(state.lookups).toBe(5)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a lookup that read the database before an invalidation and finished after it is not kept", () => {
    const channel = switchable()
    const { state, layer } = withCache(channel.channel)
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      state.gate = yield* Deferred.make<void>()
      const slow = yield* Effect.forkChild(accounts.findByKeyHash("known"))
      yield* Effect.yieldNow
      // The revocation commits and is announced while the slow lookup still holds the old row.
      state.owner = { ...state.owner, key: { ...state.owner.key, revokedAt: 11 } }
      channel.fromElsewhere()
      yield* Deferred.succeed(state.gate, undefined)
      expect(Option.getOrThrow(yield* Fiber.join(slow)).key.revokedAt).toBe(null)
      state.gate = undefined
      expect(Option.getOrThrow(yield* accounts.findByKeyHash("known")).key.revokedAt).toBe(11)
    }).pipe(Effect.provide(layer))
  })

  it.effect("entries expire after the TTL", () => {
    let now = 0
    const { state, layer } = withCache(KeyOwnerCache.local(), { ttlMs: 1_000, now: () => now })
    return Effect.gen(function*() {
      const accounts = yield* Accounts
      yield* accounts.findByKeyHash("known")
      now = 999
      yield* accounts.findByKeyHash("known")
      expect(state.lookups).toBe(1)
      now = 1_000
      yield* accounts.findByKeyHash("known")
      expect(state.lookups).toBe(2)
    }).pipe(Effect.provide(layer))
  })
})
