/**
 * Sign in with the provider's verified claims: a linked identity signs its user in; a verified email links to the
 * existing user; an unverified one never does (nor creates an account); nobody found is refused unless account
 * creation is on; the provider-only user has no password that works.
 */
import { createFirstAccount, Errors, noPassword, signIn, signInWithProvider, Users } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

const issuer = "https://sso.example.com"
const claims = (subject: string, email: string, emailVerified = true) => ({
  issuer,
  subject,
  email: Option.some(email),
  emailVerified
})

describe("sign in with the provider", () => {
  it.effect("a verified email links to its user once; the identity then signs in even after an email change", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const first = yield* createFirstAccount({ email: "ada@example.com", password: "analytical engine" })
        const signedIn = yield* signInWithProvider({
          claims: claims("s-ada", "ADA@example.com"),
          createAccounts: false
        })
        expect([signedIn.user.id, signedIn.created]).toEqual([first.user.id, false])
        const users = yield* Users
        expect(Option.map(yield* users.findByIdentity(issuer, "s-ada"), (u) => u.user.id)).toEqual(
          Option.some(first.user.id)
        )
        // The provider's email changed (or is unverified now): the link, not the email, decides.
        const again = yield* signInWithProvider({
          claims: claims("s-ada", "ada.lovelace@example.com", false),
          createAccounts: false
        })
        expect(again.user.id).toBe(first.user.id)
      })
    ))

  it.effect("an unverified email is neither linked nor used to create an account", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* createFirstAccount({ email: "ada@example.com", password: "analytical engine" })
        for (const createAccounts of [false, true]) {
          const refused = yield* failureOf(
            signInWithProvider({ claims: claims("s-eve", "ada@example.com", false), createAccounts }),
            Errors.ProviderSignInRefused
          )
          expect(refused.reason).toBe("unverifiedEmail")
          const fresh = yield* failureOf(
            signInWithProvider({ claims: claims("s-eve", "eve@example.com", false), createAccounts: true }),
            Errors.ProviderSignInRefused
          )
          expect(fresh.reason).toBe("unverifiedEmail")
        }
        expect(Option.isNone(yield* (yield* Users).findByIdentity(issuer, "s-eve"))).toBe(true)
        const missing = yield* failureOf(
          signInWithProvider({ claims: { ...claims("s-x", ""), email: Option.none() }, createAccounts: true }),
          Errors.ProviderSignInRefused
        )
        expect(missing.reason).toBe("noEmail")
      })
    ))

  it.effect("nobody found: refused with creation off; with it on, a new account whose password never matches", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const refused = yield* failureOf(
          signInWithProvider({ claims: claims("s-bob", "bob@example.com"), createAccounts: false }),
          Errors.ProviderSignInRefused
        )
        expect([refused.reason, refused.description]).toEqual([
          "noAccount",
          "There is no account for bob@example.com on this server. Ask its operator to create one for you."
        ])
        const made = yield* signInWithProvider({ claims: claims("s-bob", "bob@example.com"), createAccounts: true })
        expect([made.created, made.user.email]).toEqual([true, "bob@example.com"])
        const stored = yield* (yield* Users).get(made.user.id)
        expect(Option.map(stored, (s) => s.passwordHash)).toEqual(Option.some(noPassword))
        yield* failureOf(
          signIn({ email: "bob@example.com", password: noPassword, address: "127.0.0.1" }),
          Errors.InvalidCredentials
        )
        const back = yield* signInWithProvider({ claims: claims("s-bob", "bob@example.com"), createAccounts: true })
        expect([back.user.id, back.created]).toEqual([made.user.id, false])
      })
    ))
})
