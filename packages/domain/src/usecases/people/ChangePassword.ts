/** Use case: a person changes their password; every other session of theirs ends (a stolen one stops working). */
import { Effect, Option } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { UserId } from "../../Ids.js"
import * as Password from "../../Password.js"
import { PasswordHasher } from "../../ports/PasswordHasher.js"
import { Sessions } from "../../ports/Sessions.js"
import { Users } from "../../ports/Users.js"
import * as Session from "../../Session.js"

export const changePassword = Effect.fn("ChangePassword")(function*(input: {
  readonly userId: UserId
  readonly sessionToken: string
  readonly current: string
  readonly next: string
}) {
  const users = yield* Users
  const hasher = yield* PasswordHasher
  const sessions = yield* Sessions
  const found = yield* users.get(input.userId)
  const wrong = new InvalidInput({ field: "current", reason: "is not your current password" })
  if (Option.isNone(found)) return yield* wrong
  if (!(yield* hasher.verify(input.current.slice(0, 4_096), found.value.passwordHash))) return yield* wrong
  const next = yield* Effect.fromResult(Password.check(input.next, "next"))
  yield* users.setPasswordHash(input.userId, yield* hasher.hash(next))
  return yield* sessions.deleteForUser(input.userId, Option.some(Session.hash(input.sessionToken)))
})
