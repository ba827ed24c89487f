/**
 * Contract of the Sessions port: found by hash with user and account, sliding expiry, sign out (everywhere), pruning.
 */
import { type Accounts, type Session, Sessions, Users } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"
import { userRecord } from "./UsersContract.js"

export const sessionsContract = <E>(name: string, layer: Layer.Layer<Accounts | Users | Sessions, E>) =>
  describe(`Sessions contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Users | Sessions>) => effect.pipe(Effect.provide(layer))

    const person = Effect.gen(function*() {
      const users = yield* Users
      const account = yield* newAccount("plus", 5)
      const user = userRecord(account.id)
      yield* users.create(user, "h", { onlyIfFirst: false })
      return { account, user }
    })
    const session = (userId: Session.Record["userId"], expiresAt = 1_000_000): Session.Record => ({
      hash: uid("hash_"),
      userId,
      createdAt: 100,
      expiresAt
    })

    it.effect("finds a session by its hash together with its user and account", () =>
      run(Effect.gen(function*() {
        const sessions = yield* Sessions
        const { account, user } = yield* person
        const s = session(user.id)
        yield* sessions.create(s)
        expect(yield* sessions.find(s.hash)).toEqual(Option.some({ session: s, user, account }))
        expect(Option.isNone(yield* sessions.find(uid("hash_")))).toBe(true)
      })))

    it.effect("moves the expiry; deletes one session", () =>
      run(Effect.gen(function*() {
        const sessions = yield* Sessions
        const { user } = yield* person
        const s = session(user.id)
        yield* sessions.create(s)
        yield* sessions.extend(s.hash, 5_000_000)
        expect(Option.map(yield* sessions.find(s.hash), (f) => f.session.expiresAt)).toEqual(Option.some(5_000_000))
        yield* sessions.delete(s.hash)
        expect(Option.isNone(yield* sessions.find(s.hash))).toBe(true)
        yield* sessions.extend(s.hash, 9)
        expect(Option.isNone(yield* sessions.find(s.hash))).toBe(true)
      })))

    it.effect("signs a user out everywhere, optionally keeping one session; other users keep theirs", () =>
      run(Effect.gen(function*() {
        const sessions = yield* Sessions
        const { user } = yield* person
        const other = yield* person
        const [a, b, c] = [session(user.id), session(user.id), session(user.id)]
        const theirs = session(other.user.id)
        yield* Effect.forEach([a, b, c, theirs], sessions.create)
        expect(yield* sessions.deleteForUser(user.id, Option.some(a.hash))).toBe(2)
        expect(Option.isSome(yield* sessions.find(a.hash))).toBe(true)
        expect(Option.isNone(yield* sessions.find(b.hash))).toBe(true)
        expect(yield* sessions.deleteForUser(user.id, Option.none())).toBe(1)
        expect(Option.isNone(yield* sessions.find(a.hash))).toBe(true)
        expect(Option.isSome(yield* sessions.find(theirs.hash))).toBe(true)
      })))

    it.effect("prunes sessions that expired before a time", () =>
      run(Effect.gen(function*() {
        const sessions = yield* Sessions
        const { user } = yield* person
        const old = session(user.id, 50)
        const live = session(user.id, 10_000_000_000_000)
        yield* sessions.create(old)
        yield* sessions.create(live)
        expect(yield* sessions.pruneExpired(1_000)).toBeGreaterThanOrEqual(1)
        expect(Option.isNone(yield* sessions.find(old.hash))).toBe(true)
        expect(Option.isSome(yield* sessions.find(live.hash))).toBe(true)
      })))
  })
