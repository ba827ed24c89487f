/** Use case: the person behind a session cookie, sliding the expiry. */
import { Clock, Effect, Option } from "effect"
import { Sessions, type SignedIn } from "../../ports/Sessions.js"
import * as Session from "../../Session.js"

/** The signed-in person, or none for a missing, malformed, unknown or expired token. */
export const resumeSession = Effect.fn("ResumeSession")(function*(token: string) {
  if (!Session.isWellFormed(token)) return Option.none<SignedIn>()
  const sessions = yield* Sessions
  const hash = Session.hash(token)
  const found = yield* sessions.find(hash)
  if (Option.isNone(found)) return Option.none<SignedIn>()
  const now = yield* Clock.currentTimeMillis
  if (!Session.isLive(found.value.session, now)) {
    yield* sessions.delete(hash)
    return Option.none<SignedIn>()
  }
  if (Session.shouldSlide(found.value.session, now)) {
    const expiresAt = now + Session.lifetime
    yield* sessions.extend(hash, expiresAt)
    return Option.some({ ...found.value, session: { ...found.value.session, expiresAt } })
  }
  return found
})
