/**
 * Use case: sign in with email and password. Failures are counted per email and per client address and refused
 * past the limit (Throttle); an unknown email costs the same hashing time as a wrong password, and the answer never
 * says which of the two was wrong.
 */
import { Clock, Effect, Option, Result } from "effect"
import { InvalidCredentials, TooManyAttempts } from "../../Errors.js"
import { PasswordHasher } from "../../ports/PasswordHasher.js"
import { SignInAttempts } from "../../ports/SignInAttempts.js"
import { Users } from "../../ports/Users.js"
import * as Throttle from "../../Throttle.js"
import * as User from "../../User.js"
import { startSession } from "./StartSession.js"

export interface SignInInput {
  readonly email: string
  readonly password: string
  /** The client's address as the server saw it. */
  readonly address: string
}

/** A hash no password matches (one per hasher), checked when the email is unknown so both failures take as long. */
const decoys = new WeakMap<object, string>()
const decoyHash = Effect.flatMap(PasswordHasher, (hasher) => {
  const known = decoys.get(hasher)
  return known === undefined
    ? Effect.tap(
      hasher.hash("decoy password that matches nothing"),
      (hash) => Effect.sync(() => decoys.set(hasher, hash))
    )
    : Effect.succeed(known)
})

export const signIn = Effect.fn("SignIn")(function*(input: SignInInput) {
  const attempts = yield* SignInAttempts
  const users = yield* Users
  const hasher = yield* PasswordHasher
  const now = yield* Clock.currentTimeMillis
  const email = Result.getOrElse(User.normalizeEmail(input.email), () => input.email.trim().toLowerCase().slice(0, 300))
  const emailKey = Throttle.emailKey(email)
  const keys = [
    { key: emailKey, limit: Throttle.perEmail },
    { key: Throttle.addressKey(input.address), limit: Throttle.perAddress }
  ]
  for (const { key, limit } of keys) {
    const count = yield* attempts.failures(key, now, Throttle.window)
    const wait = Throttle.waitFor(Option.getOrUndefined(count), limit, now)
    if (wait > 0) return yield* new TooManyAttempts({ retryAfter: Math.ceil(wait / 1000) })
  }
  const found = yield* users.findByEmail(email)
  const password = input.password.slice(0, 4_096)
  const ok = Option.isSome(found)
    ? yield* hasher.verify(password, found.value.passwordHash)
    : yield* Effect.as(hasher.verify(password, yield* decoyHash), false)
  if (!ok || Option.isNone(found)) {
    yield* Effect.forEach(keys, ({ key }) => attempts.recordFailure(key, now, Throttle.window), { discard: true })
    return yield* new InvalidCredentials()
  }
  // Only the email's count is cleared: one good password must not reset an address that is guessing others.
  yield* attempts.clear(emailKey)
  const session = yield* startSession(found.value.user.id)
  return { user: found.value.user, session }
})
