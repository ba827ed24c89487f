/**
 * Use case: sign in with the verified claims of the team's OpenID Connect provider
 * (docs/people.md, "Sign in with your provider (OIDC)"). An identity (issuer + subject) linked before signs its user
 * in. Otherwise the provider's email finds an existing user only when the provider says it is verified (else anyone
 * who can set an unverified email at the provider would take over that person's account), and the link is stored.
 * Nobody found: a new account, only when the operator allows it (and again only for a verified email, which the new
 * user is then known by).
 */
import { Clock, Effect, Option, Result } from "effect"
import type { Account } from "../../Account.js"
import { ProviderSignInRefused } from "../../Errors.js"
import { Accounts } from "../../ports/Accounts.js"
import type { ProviderClaims } from "../../ports/IdentityProvider.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Settings } from "../../ports/Settings.js"
import { Transactor } from "../../ports/Transactor.js"
import { Users } from "../../ports/Users.js"
import * as User from "../../User.js"
import { startSession } from "./StartSession.js"

/**
 * The password hash of a person who signs in only through the provider: no hasher parses it, so no password ever
 * matches it (the password sign-in answers as for a wrong password).
 */
export const noPassword = "!provider"

/** Whether the user has a password (one who signs in only through the provider has none to change). */
export const hasPassword = Effect.fn("HasPassword")(function*(userId: User.User["id"]) {
  const found = yield* (yield* Users).get(userId)
  return Option.exists(found, (stored) => stored.passwordHash !== noPassword)
})

const refused = (reason: ProviderSignInRefused["reason"], description: string) =>
  new ProviderSignInRefused({ reason, description })

export interface ProviderSignInInput {
  readonly claims: ProviderClaims
  /** Whether a first sign-in with no matching user creates an account (the operator's setting). */
  readonly createAccounts: boolean
}

export const signInWithProvider = Effect.fn("SignInWithProvider")(function*(input: ProviderSignInInput) {
  const users = yield* Users
  const { issuer, subject } = input.claims
  const now = yield* Clock.currentTimeMillis
  const linked = yield* users.findByIdentity(issuer, subject)
  if (Option.isSome(linked)) {
    return { user: linked.value.user, session: yield* startSession(linked.value.user.id), created: false }
  }
  const email = Option.flatMap(input.claims.email, (e) => Result.getSuccess(User.normalizeEmail(e)))
  if (Option.isNone(email)) {
    return yield* refused("noEmail", "The provider did not share an email address, so no account could be found.")
  }
  const existing = yield* users.findByEmail(email.value)
  if (Option.isSome(existing) || input.createAccounts) {
    if (!input.claims.emailVerified) {
      return yield* refused(
        "unverifiedEmail",
        `The provider has not verified ${email.value}. Verify it there, then sign in again.`
      )
    }
  }
  if (Option.isSome(existing)) {
    const user = existing.value.user
    const outcome = yield* users.linkIdentity({ userId: user.id, issuer, subject, createdAt: now })
    if (outcome !== "linked") {
      return yield* refused("linkedElsewhere", "This provider account is linked to another person here.")
    }
    return { user, session: yield* startSession(user.id), created: false }
  }
  if (!input.createAccounts) {
    return yield* refused(
      "noAccount",
      `There is no account for ${email.value} on this server. Ask its operator to create one for you.`
    )
  }
  const settings = yield* Settings
  const ids = yield* IdGenerator
  const accounts = yield* Accounts
  const tx = yield* Transactor
  const account: Account = {
    id: yield* ids.make("account"),
    plan: settings.defaultPlan,
    createdAt: now,
    planChangedAt: now
  }
  const user: User.User = { id: yield* ids.make("user"), accountId: account.id, email: email.value, createdAt: now }
  yield* tx.atomic(Effect.gen(function*() {
    yield* accounts.create(account)
    const outcome = yield* users.create(user, noPassword, { onlyIfFirst: false })
    // A person with this email was created a moment ago (a second tab): they sign in again and are linked then.
    if (outcome !== "created") return yield* refused("linkedElsewhere", "That email was just taken. Sign in again.")
    const link = yield* users.linkIdentity({ userId: user.id, issuer, subject, createdAt: now })
    if (link !== "linked") {
      return yield* refused("linkedElsewhere", "This provider account was just linked. Sign in again.")
    }
  }))
  return { user, session: yield* startSession(user.id), created: true }
})
