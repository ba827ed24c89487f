/**
 * Use cases: a person creates an account and its first user. The very first one on a server (first run) is always
 * offered; later ones only when the settings open sign-up (docs/people.md). The person is signed in at once.
 */
import { Clock, Effect } from "effect"
import type { Account } from "../../Account.js"
import { InvalidInput, SignUpClosed } from "../../Errors.js"
import * as Password from "../../Password.js"
import { Accounts } from "../../ports/Accounts.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { PasswordHasher } from "../../ports/PasswordHasher.js"
import { Settings } from "../../ports/Settings.js"
import { Transactor } from "../../ports/Transactor.js"
import { Users } from "../../ports/Users.js"
import * as User from "../../User.js"
import { startSession } from "./StartSession.js"

export interface Credentials {
  readonly email: string
  readonly password: string
}

/** Checks the credentials and hashes the password (slow: done before any transaction opens). */
export const prepareUser = Effect.fn("PrepareUser")(function*(credentials: Credentials) {
  const email = yield* Effect.fromResult(User.normalizeEmail(credentials.email))
  const password = yield* Effect.fromResult(Password.check(credentials.password))
  const hasher = yield* PasswordHasher
  return { email, passwordHash: yield* hasher.hash(password) }
})

export const emailTaken = new InvalidInput({ field: "email", reason: "is already used by another person" })

const createAccountAndUser = Effect.fn("CreateAccountAndUser")(
  function*(credentials: Credentials, onlyIfFirst: boolean) {
    const { email, passwordHash } = yield* prepareUser(credentials)
    const settings = yield* Settings
    const ids = yield* IdGenerator
    const accounts = yield* Accounts
    const users = yield* Users
    const tx = yield* Transactor
    const now = yield* Clock.currentTimeMillis
    const account: Account = {
      id: yield* ids.make("account"),
      plan: settings.defaultPlan,
      createdAt: now,
      planChangedAt: now
    }
    const user: User.User = { id: yield* ids.make("user"), accountId: account.id, email, createdAt: now }
    yield* tx.atomic(Effect.gen(function*() {
      yield* accounts.create(account)
      const outcome = yield* users.create(user, passwordHash, { onlyIfFirst })
      if (outcome === "emailTaken") return yield* emailTaken
      if (outcome === "notFirst") return yield* new SignUpClosed()
    }))
    const session = yield* startSession(user.id)
    return { account, user, session }
  }
)

/** Whether this server still has no user: the first-run offer. */
export const isFirstRun = Effect.flatMap(Users, (users) => Effect.map(users.any, (any) => !any))

/** First run: the server's first account and user; refused once any user exists (even one created a moment ago). */
export const createFirstAccount = (credentials: Credentials) => createAccountAndUser(credentials, true)

/** Self sign-up after the first run: only when the settings say `open`. */
export const signUp = Effect.fn("SignUp")(function*(credentials: Credentials) {
  const settings = yield* Settings
  if (settings.signup !== "open" && !(yield* isFirstRun)) return yield* new SignUpClosed()
  return yield* createAccountAndUser(credentials, settings.signup !== "open")
})
