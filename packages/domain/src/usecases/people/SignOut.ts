/** Use cases: sign out, and sign out everywhere. */
import { Effect, Option } from "effect"
import type { UserId } from "../../Ids.js"
import { Sessions } from "../../ports/Sessions.js"
import * as Session from "../../Session.js"

export const signOut = Effect.fn("SignOut")(function*(token: string) {
  const sessions = yield* Sessions
  if (Session.isWellFormed(token)) yield* sessions.delete(Session.hash(token))
})

/** Ends every session of the user, this one included. */
export const signOutEverywhere = Effect.fn("SignOutEverywhere")(function*(userId: UserId) {
  const sessions = yield* Sessions
  return yield* sessions.deleteForUser(userId, Option.none())
})
