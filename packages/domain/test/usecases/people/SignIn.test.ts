/** People: first run, sign-up settings, sign in with throttling, sessions that slide and end, password change. */
import {
  changePassword,
  createFirstAccount,
  createUser,
  Errors,
  resumeSession,
  Session,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  Throttle
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld } from "../../support/World.js"

const ada = { email: "  Ada@Example.com ", password: "analytical engine" }
const at = (address: string, email = ada.email, password = ada.password) => ({ email, password, address })

describe("first run and sign-up", () => {
  it.effect("the first account is created once; later ones only when sign-up is open", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const first = yield* createFirstAccount(ada)
        expect(first.user.email).toBe("ada@example.com")
        expect(first.account.plan).toBe("free")
        expect(Session.isWellFormed(first.session.token)).toBe(true)
        yield* failureOf(
          createFirstAccount({ email: "eve@example.com", password: "long password" }),
          Errors.SignUpClosed
        )
        yield* failureOf(signUp({ email: "eve@example.com", password: "long password" }), Errors.SignUpClosed)
      })
    ))

  it.effect("with sign-up open, anyone may create an account on the default plan; emails stay unique", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* createFirstAccount(ada)
        const bob = yield* signUp({ email: "bob@example.com", password: "long password" })
        expect(bob.account.plan).toBe("plus")
        const taken = yield* failureOf(signUp({ ...ada, email: "ADA@example.com" }), Errors.InvalidInput)
        expect(taken.field).toBe("email")
      }), { settings: { signup: "open", defaultPlan: "plus" } }))

  it.effect("refuses a short password and a malformed email, naming the field", () =>
    inWorld(() =>
      Effect.gen(function*() {
        expect((yield* failureOf(createFirstAccount({ ...ada, password: "short" }), Errors.InvalidInput)).field).toBe(
          "password"
        )
        expect((yield* failureOf(createFirstAccount({ ...ada, email: "not an email" }), Errors.InvalidInput)).field)
          .toBe("email")
        expect(
          (yield* failureOf(createFirstAccount({ ...ada, password: "nul\u0000password" }), Errors.InvalidInput)).field
        )
          .toBe("password")
      })
    ))

  it.effect("the operator adds a person to an account; the email must be free", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* createFirstAccount(ada)
        const created = yield* createUser(account.id, { email: "Grace@Example.com", password: "compiler first" })
        expect(created).toMatchObject({ email: "grace@example.com", accountId: account.id })
        yield* failureOf(
          createUser(account.id, { email: "grace@example.com", password: "another one" }),
          Errors.InvalidInput
        )
        yield* failureOf(
          createUser("acc_missing", { email: "x@example.com", password: "long password" }),
          Errors.NotFound
        )
        const signedIn = yield* signIn(at("10.0.0.1", "grace@example.com", "compiler first"))
        expect(signedIn.user.accountId).toBe(account.id)
      })
    ))
})

describe("sign in", () => {
  it.effect("with the right password starts a session; the wrong one or an unknown email says the same", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* createFirstAccount(ada)
        const { session, user } = yield* signIn(at("10.0.0.1"))
        const resumed = yield* resumeSession(session.token)
        expect(Option.map(resumed, (s) => s.user.id)).toEqual(Option.some(user.id))
        const wrong = yield* failureOf(signIn(at("10.0.0.1", ada.email, "wrong password")), Errors.InvalidCredentials)
        const unknown = yield* failureOf(signIn(at("10.0.0.1", "nobody@example.com")), Errors.InvalidCredentials)
        expect(wrong.message).toBe(unknown.message)
      })
    ))

  it.effect("throttles an email after 5 failures for 15 minutes, even with the right password; others are unaffected", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* createFirstAccount(ada)
        yield* createUser((yield* signIn(at("10.0.0.9"))).user.accountId, {
          email: "bob@example.com",
          password: "bobs password"
        })
        for (let i = 0; i < Throttle.perEmail; i++) {
          yield* failureOf(signIn(at(`10.0.1.${i}`, ada.email, "guess")), Errors.InvalidCredentials)
        }
        const refused = yield* failureOf(signIn(at("10.0.2.1")), Errors.TooManyAttempts)
        expect(refused.retryAfter).toBeGreaterThan(800)
        yield* signIn(at("10.0.2.1", "bob@example.com", "bobs password"))
        yield* TestClock.adjust(Throttle.window)
        yield* signIn(at("10.0.2.1"))
      })
    ))

  it.effect("throttles a client address after 20 failures, whatever the emails", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* createFirstAccount(ada)
        for (let i = 0; i < Throttle.perAddress; i++) {
          yield* failureOf(signIn(at("203.0.113.7", `user${i}@example.com`, "guess")), Errors.InvalidCredentials)
        }
        yield* failureOf(signIn(at("203.0.113.7")), Errors.TooManyAttempts)
        yield* signIn(at("203.0.113.8"))
      })
    ))
})

describe("sessions", () => {
  it.effect("slide: a session used within 30 days lives on; one left alone for 30 days ends", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { session } = yield* createFirstAccount(ada)
        yield* TestClock.adjust(Session.lifetime - 3600_000)
        expect(Option.isSome(yield* resumeSession(session.token))).toBe(true)
        yield* TestClock.adjust(Session.lifetime - 3600_000)
        expect(Option.isSome(yield* resumeSession(session.token))).toBe(true)
        yield* TestClock.adjust(Session.lifetime + 1)
        expect(Option.isNone(yield* resumeSession(session.token))).toBe(true)
        expect(Option.isNone(yield* resumeSession("not a token"))).toBe(true)
      })
    ))

  it.effect("sign out ends one session; sign out everywhere ends them all", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { session, user } = yield* createFirstAccount(ada)
        const second = yield* signIn(at("10.0.0.1"))
        const third = yield* signIn(at("10.0.0.2"))
        yield* signOut(session.token)
        expect(Option.isNone(yield* resumeSession(session.token))).toBe(true)
        expect(Option.isSome(yield* resumeSession(second.session.token))).toBe(true)
        expect(yield* signOutEverywhere(user.id)).toBe(2)
        expect(Option.isNone(yield* resumeSession(third.session.token))).toBe(true)
      })
    ))

  it.effect("a password change needs the current password and ends every other session", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { session, user } = yield* createFirstAccount(ada)
        const other = yield* signIn(at("10.0.0.1"))
        const change = (current: string) =>
          changePassword({ userId: user.id, sessionToken: session.token, current, next: "a new passphrase" })
        expect((yield* failureOf(change("wrong"), Errors.InvalidInput)).field).toBe("current")
        expect(yield* change(ada.password)).toBe(1)
        expect(Option.isSome(yield* resumeSession(session.token))).toBe(true)
        expect(Option.isNone(yield* resumeSession(other.session.token))).toBe(true)
        yield* failureOf(signIn(at("10.0.0.3")), Errors.InvalidCredentials)
        yield* signIn(at("10.0.0.3", ada.email, "a new passphrase"))
        expect(Session.checkCsrf(session.token, Session.csrfToken(session.token))).toBe(true)
        expect(Session.checkCsrf(session.token, Session.csrfToken(other.session.token))).toBe(false)
      })
    ))
})
