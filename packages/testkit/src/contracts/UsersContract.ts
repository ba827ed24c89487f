/** Contract of the Users port: unique emails, the first-user guard, password hashes, per-account lists. */
import { type Accounts, type User, UserId, Users } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"

export const userRecord = (accountId: User.User["accountId"], createdAt = 1): User.User => ({
  id: UserId.make(uid("usr_")),
  accountId,
  email: `${uid("p")}@example.com`,
  createdAt
})

export const usersContract = <E>(name: string, layer: Layer.Layer<Accounts | Users, E>) =>
  describe(`Users contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Users>) => effect.pipe(Effect.provide(layer))

    it.effect("creates a user, finds it by email and id with its hash, and lists the account's users", () =>
      run(Effect.gen(function*() {
        const users = yield* Users
        const account = yield* newAccount()
        const first = userRecord(account.id, 10)
        const second = { ...userRecord(account.id, 20), email: `${uid("ü")}@exämple.com` }
        expect(yield* users.create(first, "hash-1", { onlyIfFirst: false })).toBe("created")
        expect(yield* users.create(second, "hash-2", { onlyIfFirst: false })).toBe("created")
        expect(yield* users.findByEmail(second.email)).toEqual(Option.some({ user: second, passwordHash: "hash-2" }))
        expect(yield* users.get(first.id)).toEqual(Option.some({ user: first, passwordHash: "hash-1" }))
        expect(Option.isNone(yield* users.findByEmail(`${uid("nobody")}@example.com`))).toBe(true)
        expect(yield* users.listForAccount(account.id)).toEqual([first, second])
        expect(yield* users.any).toBe(true)
      })))

    it.effect("refuses a second user with the same email, in any account", () =>
      run(Effect.gen(function*() {
        const users = yield* Users
        const one = yield* newAccount()
        const two = yield* newAccount()
        const user = userRecord(one.id)
        yield* users.create(user, "h", { onlyIfFirst: false })
        const twin = { ...userRecord(two.id), email: user.email }
        expect(yield* users.create(twin, "h", { onlyIfFirst: false })).toBe("emailTaken")
        expect(Option.isNone(yield* users.get(twin.id))).toBe(true)
      })))

    it.effect("with onlyIfFirst, creates only while no user exists; of concurrent first users exactly one wins", () =>
      run(Effect.gen(function*() {
        const users = yield* Users
        const account = yield* newAccount()
        const existed = yield* users.any
        const candidates = Array.from({ length: 6 }, () => userRecord(account.id))
        const outcomes = yield* Effect.all(
          candidates.map((u) => users.create(u, "h", { onlyIfFirst: true })),
          { concurrency: "unbounded" }
        )
        expect(outcomes.filter((o) => o === "created").length).toBe(existed ? 0 : 1)
        expect(outcomes.filter((o) => o === "notFirst").length).toBe(existed ? 6 : 5)
        expect(yield* users.any).toBe(true)
        expect(yield* users.create(userRecord(account.id), "h", { onlyIfFirst: true })).toBe("notFirst")
      })))

    it.effect("replaces a password hash; an unknown user is reported", () =>
      run(Effect.gen(function*() {
        const users = yield* Users
        const account = yield* newAccount()
        const user = userRecord(account.id)
        yield* users.create(user, "old", { onlyIfFirst: false })
        expect(yield* users.setPasswordHash(user.id, "new")).toBe(true)
        expect(Option.map(yield* users.get(user.id), (u) => u.passwordHash)).toEqual(Option.some("new"))
        expect(yield* users.setPasswordHash(UserId.make(uid("usr_")), "x")).toBe(false)
      })))

    it.effect("links a provider identity to one user, finds the user by it, and refuses it to another", () =>
      run(Effect.gen(function*() {
        const users = yield* Users
        const account = yield* newAccount()
        const alice = userRecord(account.id)
        const bob = userRecord(account.id)
        yield* users.create(alice, "h-a", { onlyIfFirst: false })
        yield* users.create(bob, "h-b", { onlyIfFirst: false })
        const issuer = `https://${uid("idp")}.example.com`
        expect(Option.isNone(yield* users.findByIdentity(issuer, "sub-1"))).toBe(true)
        const link = { userId: alice.id, issuer, subject: "sub-1", createdAt: 5 }
        expect(yield* users.linkIdentity(link)).toBe("linked")
        expect(yield* users.linkIdentity(link)).toBe("linked")
        expect(yield* users.findByIdentity(issuer, "sub-1")).toEqual(Option.some({ user: alice, passwordHash: "h-a" }))
        expect(yield* users.linkIdentity({ ...link, userId: bob.id })).toBe("taken")
        // Issuer and subject together are the key: the same subject of another issuer is another identity.
        expect(Option.isNone(yield* users.findByIdentity(`${issuer}/other`, "sub-1"))).toBe(true)
        expect(yield* users.linkIdentity({ ...link, issuer: `${issuer}/other`, userId: bob.id })).toBe("linked")
        expect(yield* users.linkIdentity({ ...link, subject: "sub-2", userId: UserId.make(uid("usr_")) })).toBe(
          "noUser"
        )
        expect(Option.isNone(yield* users.findByIdentity(issuer, "sub-2"))).toBe(true)
      })))
  })
