/** Contract of the Accounts port. */
import { AccountId, Accounts, ApiKey, ApiKeyId, Scope } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"

export const accountsContract = <E>(name: string, layer: Layer.Layer<Accounts, E>) =>
  describe(`Accounts contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts>) => effect.pipe(Effect.provide(layer))

    const newKey = (accountId: string, createdAt: number) => {
      const key = `bk_${uid("").padEnd(40, "x").slice(0, 40)}`
      const info: ApiKey.Info = {
        id: ApiKeyId.make(uid("key_")),
        accountId: accountId as ApiKey.Info["accountId"],
        label: "label ✓",
        masked: ApiKey.mask(key),
        source: "api",
        scopes: Scope.all,
        createdAt,
        revokedAt: null
      }
      return { key, info }
    }

    it.effect("creates and reads an account; unknown ids read as none", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = yield* newAccount("plus", 1_000)
        expect(yield* accounts.get(account.id)).toEqual(Option.some(account))
        expect(Option.isNone(yield* accounts.get(uid("acc_") as typeof account.id))).toBe(true)
      })))

    it.effect("changes the plan and records when", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = yield* newAccount("free", 1_000)
        const updated = yield* accounts.setPlan(account.id, "ultra", 5_000)
        expect(updated).toEqual(Option.some({ ...account, plan: "ultra", planChangedAt: 5_000 }))
        expect(yield* accounts.get(account.id)).toEqual(updated)
        expect(Option.isNone(yield* accounts.setPlan(uid("acc_") as typeof account.id, "plus", 1))).toBe(true)
      })))

    it.effect("lists accounts oldest first (ties by id), a page at a time after a given account", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        // Far beyond any other test's times, so a shared database's other accounts sort before these.
        const base = 9_000_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000)
        const marker = yield* newAccount("free", base)
        const first = yield* newAccount("plus", base + 1)
        const x = yield* newAccount("free", base + 2)
        const y = yield* newAccount("ultra", base + 2)
        const [second, third] = x.id < y.id ? [x, y] : [y, x]
        const page = (after: typeof marker, limit: number) => accounts.list({ after: Option.some(after.id), limit })
        expect(yield* page(marker, 2)).toEqual([first, second])
        expect(yield* page(second, 2)).toEqual([third])
        expect(yield* page(third, 5)).toEqual([])
        expect(yield* accounts.list({ after: Option.some(AccountId.make(uid("acc_"))), limit: 5 })).toEqual([])
        expect(yield* accounts.list({ after: Option.none(), limit: 1 })).toHaveLength(1)
      })))

    it.effect("finds a key and its account by hash, lists keys in creation order", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = yield* newAccount()
        const other = yield* newAccount()
        const first = newKey(account.id, 10)
        // The extension's key: its source is kept and read back with the key (saves with it are `extension`).
        const made = newKey(account.id, 20)
        // A narrowed key (the extension's asks for the bookmark scopes only): its scopes come back with its owner.
        const second = {
          ...made,
          info: { ...made.info, source: "extension" as const, scopes: ["bookmarks:read", "bookmarks:write"] as const }
        }
        const foreign = newKey(other.id, 15)
        yield* accounts.addKey(first.info, ApiKey.hash(first.key))
        yield* accounts.addKey(foreign.info, ApiKey.hash(foreign.key))
        yield* accounts.addKey(second.info, ApiKey.hash(second.key))
        expect(yield* accounts.findByKeyHash(ApiKey.hash(second.key))).toEqual(
          Option.some({ account, key: second.info })
        )
        expect(Option.isNone(yield* accounts.findByKeyHash(ApiKey.hash("bk_unknown")))).toBe(true)
        expect(yield* accounts.listKeys(account.id)).toEqual([first.info, second.info])
      })))

    it.effect("revokes a key at once and keeps the first revocation time", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = yield* newAccount()
        const { info, key } = newKey(account.id, 10)
        yield* accounts.addKey(info, ApiKey.hash(key))
        const revoked = yield* accounts.revokeKey(info.id, 99)
        expect(revoked).toEqual(Option.some({ ...info, revokedAt: 99 }))
        expect(yield* accounts.revokeKey(info.id, 200)).toEqual(revoked)
        const found = yield* accounts.findByKeyHash(ApiKey.hash(key))
        expect(Option.map(found, (f) => f.key.revokedAt)).toEqual(Option.some(99))
        expect(Option.isNone(yield* accounts.revokeKey(ApiKeyId.make(uid("key_")), 1))).toBe(true)
      })))
  })
